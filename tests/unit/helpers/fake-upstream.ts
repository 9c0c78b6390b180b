import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/*
 * A stand-in for the upstream API on 127.0.0.1: records what reached it (path, headers, which
 * socket) and answers with whatever handler the current test sets.
 */

export type FakeHandler = (request: IncomingMessage, response: ServerResponse) => void

export type SeenRequest = {
  method: string
  /** Path and query, e.g. `/api/v3/profiles?page=0&limit=10`. */
  url: string
  headers: IncomingHttpHeaders
  /** Which TCP connection carried it, numbered from 1 in order of arrival. */
  socketId: number
}

export type FakeUpstream = {
  readonly url: string
  readonly requests: SeenRequest[]
  /** Connections accepted since the server started. */
  readonly connections: number
  handle(handler: FakeHandler): void
  /** Forgets recorded requests and answers 200 `{}` until told otherwise. */
  reset(): void
  /** Stops accepting connections and drops open ones, keeping the port for `start()`. */
  stop(): Promise<void>
  start(): Promise<void>
  close(): Promise<void>
}

const defaultHandler: FakeHandler = (_request, response) => sendJson(response, 200, {})

export async function startFakeUpstream(): Promise<FakeUpstream> {
  let handler = defaultHandler
  let connections = 0
  let port = 0
  const requests: SeenRequest[] = []
  const socketIds = new WeakMap<Socket, number>()
  const server = createServer((request, response) => {
    requests.push({
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      socketId: socketIds.get(request.socket) ?? 0,
    })
    handler(request, response)
  })
  server.on('connection', (socket) => {
    connections += 1
    socketIds.set(socket, connections)
  })

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as AddressInfo).port
        resolve()
      })
    })
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve()
      server.close(() => resolve())
      server.closeAllConnections()
    })

  await listen()
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get connections() {
      return connections
    },
    handle(next) {
      handler = next
    },
    reset() {
      handler = defaultHandler
      requests.length = 0
    },
    stop,
    start: listen,
    close: stop,
  }
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  })
  response.end(text)
}

/** Answers 200 with this body. */
export const json =
  (body: unknown): FakeHandler =>
  (_request, response) =>
    sendJson(response, 200, body)

/** Answers every AML report with these matches (people), anything else 404. */
export const amlReports =
  (matches: readonly string[]): FakeHandler =>
  (request, response) => {
    const search = /\/aml\/search\/history\/([^/?]+)/.exec(request.url ?? '')?.[1]
    if (!search) return sendJson(response, 404, { error: 'not found' })
    sendJson(response, 200, {
      search_uuid: search,
      data: matches.map((uuid) => ({ uuid, type: 'Person' })),
    })
  }

/** Answers in sequence: the n-th request gets the n-th handler, later ones the last. */
export function inTurn(...handlers: FakeHandler[]): FakeHandler {
  let index = 0
  return (request, response) => {
    const next = handlers[Math.min(index, handlers.length - 1)] ?? defaultHandler
    index += 1
    next(request, response)
  }
}

/** Error text that must never reach Verity's own responses. */
export const UPSTREAM_SECRET_TEXT =
  'upstream-internal: db01 stack at Handler.run (/srv/api.js:42:7)'

export const status =
  (code: number, headers: Record<string, string> = {}): FakeHandler =>
  (_request, response) =>
    sendJson(
      response,
      code,
      { error: UPSTREAM_SECRET_TEXT, message: UPSTREAM_SECRET_TEXT },
      headers,
    )

/** Drops the connection without an answer. */
export const reset: FakeHandler = (request) => {
  request.socket.destroy()
}

/** Never answers. */
export const hang: FakeHandler = () => undefined
