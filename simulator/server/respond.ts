import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Fault } from './faults'
import { errorBody, matchRoute, type SimResponse } from './handlers'

/* Writing a response, normally or broken in one of the ways a fault asks for. */

const JSON_TYPE = 'application/json; charset=utf-8'
const OVERSIZE_BYTES = 50 * 1024 * 1024
const CHUNK_BYTES = 1024 * 1024
const TRICKLE_MS = 200

export function send(res: ServerResponse, response: SimResponse): void {
  const body = typeof response.body === 'string' ? Buffer.from(response.body) : response.body
  res.writeHead(response.status, {
    'content-type': JSON_TYPE,
    'content-length': body.length,
    ...response.headers,
  })
  res.end(body)
}

export function sendFault(
  req: IncomingMessage,
  res: ServerResponse,
  fault: Fault,
  normal: SimResponse,
): void {
  switch (fault.mode) {
    case 'latency':
    case 'none':
      return send(res, normal)
    case 'status':
      return send(res, {
        status: fault.status ?? 500,
        body: errorBody('injected_fault', `simulated status ${fault.status ?? 500}`),
      })
    case 'rate-limit':
      return send(res, {
        status: 429,
        headers: { 'retry-after': String(fault.retryAfter ?? 1) },
        body: errorBody('rate_limited', 'too many requests'),
      })
    case 'redirect':
      return send(res, {
        status: 302,
        headers: { location: fault.location ?? '/' },
        body: errorBody('moved', 'simulated redirect'),
      })
    case 'reset':
      req.socket.destroy()
      return
    case 'bad-shape':
      // A list whose data is not a list, or a resource without its id.
      return send(res, {
        status: 200,
        body: matchRoute(new URL(req.url ?? '/', 'http://x').pathname)?.list
          ? '{"data":"nope","has_next":false}'
          : '{"name":"no id here"}',
      })
    case 'truncate':
      return truncate(res, normal)
    case 'oversize':
      return oversize(res)
    case 'trickle':
      return trickle(res, normal, fault.ms ?? TRICKLE_MS)
  }
}

/** Announces the whole body, sends half of it, then drops the connection. */
function truncate(res: ServerResponse, normal: SimResponse): void {
  const body = Buffer.from(normal.body)
  res.writeHead(normal.status, { 'content-type': JSON_TYPE, 'content-length': body.length })
  res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.socket?.destroy())
}

/** A valid JSON object of about 50 MB, streamed with back-pressure. */
function oversize(res: ServerResponse): void {
  const head = Buffer.from('{"data":[],"has_next":false,"padding":"')
  const tail = Buffer.from('"}')
  const chunk = Buffer.alloc(CHUNK_BYTES, 'x')
  const chunks = Math.ceil(OVERSIZE_BYTES / CHUNK_BYTES)
  res.writeHead(200, {
    'content-type': JSON_TYPE,
    'content-length': head.length + chunks * CHUNK_BYTES + tail.length,
  })
  res.write(head)
  let sent = 0
  const pump = (): void => {
    while (sent < chunks) {
      sent++
      if (!res.write(chunk)) {
        res.once('drain', pump)
        return
      }
    }
    res.end(tail)
  }
  res.on('close', () => res.off('drain', pump))
  pump()
}

/** One byte every `intervalMs`, to exercise client timeouts. */
function trickle(res: ServerResponse, normal: SimResponse, intervalMs: number): void {
  const body = Buffer.from(normal.body)
  res.writeHead(normal.status, { 'content-type': JSON_TYPE, 'content-length': body.length })
  let offset = 0
  const timer = setInterval(() => {
    if (offset >= body.length) {
      clearInterval(timer)
      res.end()
      return
    }
    res.write(body.subarray(offset, ++offset))
  }, intervalMs)
  res.on('close', () => clearInterval(timer))
}
