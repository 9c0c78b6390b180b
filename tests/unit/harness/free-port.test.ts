import { createServer } from 'node:net'

import { describe, expect, it } from 'vitest'

import { freePort } from '@/tools/harness/free-port'

/*
 * The harness's ports: a server started on one must find it free, so none comes from the range
 * outgoing connections take their ports from, none is given twice, and none is already listened on.
 */
describe('freePort', () => {
  it('gives distinct ports below the ephemeral range that a server can listen on', async () => {
    const ports = await Promise.all(Array.from({ length: 40 }, () => freePort()))
    expect(new Set(ports).size).toBe(40)
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000)
      expect(port).toBeLessThan(32_768)
    }
    const servers = await Promise.all(
      ports.map(
        (port) =>
          new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
            const server = createServer()
            server.once('error', reject)
            server.listen(port, '127.0.0.1', () => resolve(server))
          }),
      ),
    )
    // While those listen, no further port is one of them.
    const more = await Promise.all(Array.from({ length: 20 }, () => freePort()))
    expect(more.filter((port) => ports.includes(port))).toEqual([])
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
  })
})
