import { createServer } from 'node:net'

/*
 * Ports are drawn from below the kernel's ephemeral range (Linux: 32768–60999), where every
 * outgoing connection takes its local port: a port the kernel hands out for `listen(0)` and that
 * is then let go can be taken by a connection before the server meant for it listens (a CI run
 * lost a scale-out instance to EADDRINUSE that way). Above the fixed ports the tests use (3100,
 * 4100, 5432). One process never hands out a port twice.
 */
const LOW = 20_000
const HIGH = 32_768
const handedOut = new Set<number>()

/** A TCP port on 127.0.0.1 that was free a moment ago, for a server the caller starts next. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW))
    if (handedOut.has(port) || !(await listensOn(port))) continue
    handedOut.add(port)
    return port
  }
  throw new Error(`no free port between ${LOW} and ${HIGH} after 100 tries`)
}

function listensOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}
