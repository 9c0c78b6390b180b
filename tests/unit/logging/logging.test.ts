import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest'

import { stubEnv } from '@/tests/unit/helpers/env'

/*
 * Logs (lib/logging/): JSON lines on standard output. A request is one `request` line (its id,
 * method, route, status and duration) and no part of what was asked: not the path's ids, not the
 * query (a name searched for), not a header (the upstream key, a session cookie). A job is one
 * `job` line, and a failed job says the kind of its error, not its message.
 */

const CANARY = 'canary-key-9d0c1f7e3b5a'
const NAME = 'Ivanna Petrenko-Kowalczyk'

let written: MockInstance<typeof process.stdout.write>
let server: Server
let url: string

/** The JSON lines written to standard output since the spy began. */
function lines() {
  return written.mock.calls
    .map(([chunk]) => String(chunk))
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}

beforeAll(async () => {
  stubEnv({ DS_API_BASE_URL: 'http://upstream.test', DS_API_KEY: CANARY })
  const { observeEveryRequest } = await import('@/lib/metrics/requests')
  observeEveryRequest()
  server = createServer((request, response) => {
    response.setHeader('X-Request-Id', 'c0ffee00-0000-4000-8000-000000000001')
    response.statusCode = request.url?.startsWith('/missing') ? 404 : 200
    response.end('{}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  vi.unstubAllEnvs()
  await new Promise((resolve) => server.close(resolve))
})

describe('the request line', () => {
  it('says id, method, route, status and duration, and nothing that was asked', async () => {
    written = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    const path = `/missing/01827ed4-c928-7a3c-9a30-7ab7cc169d11?q=${encodeURIComponent(NAME)}`
    await fetch(url + path, {
      headers: { 'ds-api-token': CANARY, cookie: `verity_session=${CANARY}` },
    })
    await vi.waitFor(() => expect(lines().some((line) => line.log === 'request')).toBe(true))
    const all = lines()
    written.mockRestore()
    const line = all.find((one) => one.log === 'request')!
    expect(line).toMatchObject({
      level: 'info',
      msg: 'request',
      id: 'c0ffee00-0000-4000-8000-000000000001',
      method: 'GET',
      // Not a route Next.js matched: a fixed word, never the path.
      route: 'unmatched',
      status: 404,
    })
    expect(typeof line.ms).toBe('number')
    expect(typeof line.time).toBe('string')
    const text = JSON.stringify(all)
    expect(text).not.toContain(CANARY)
    expect(text).not.toContain('Petrenko')
    expect(text).not.toContain('01827ed4')
  })
})

describe('the job line', () => {
  it('says the job, its outcome, its duration and counts; a failure its kind only', async () => {
    written = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    const { runJob } = await import('@/lib/logging/logger')
    await runJob(
      'test.sweep',
      () => Promise.resolve(3),
      (messages) => ({ messages }),
    )
    const failing = runJob('test.send', () =>
      Promise.reject(new TypeError(`could not send to ${NAME} with ${CANARY}`)),
    )
    await expect(failing).rejects.toThrow(TypeError)
    const jobs = lines().filter((line) => line.log === 'job')
    written.mockRestore()
    expect(jobs).toMatchObject([
      { level: 'info', job: 'test.sweep', outcome: 'ok', messages: 3 },
      { level: 'warn', job: 'test.send', outcome: 'failed', error: 'TypeError' },
    ])
    const text = JSON.stringify(jobs)
    expect(text).not.toContain(CANARY)
    expect(text).not.toContain('Petrenko')
  })

  it('replaces members named like secrets, wherever a caller put them', async () => {
    written = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    const { logger } = await import('@/lib/logging/logger')
    logger().info({ log: 'app', token: CANARY, upstream: { key: CANARY } }, 'careless')
    const [line] = lines()
    written.mockRestore()
    expect(line).toMatchObject({
      msg: 'careless',
      token: '[redacted]',
      upstream: { key: '[redacted]' },
    })
    expect(JSON.stringify(line)).not.toContain(CANARY)
  })
})
