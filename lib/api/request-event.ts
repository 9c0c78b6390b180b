import { Server, type IncomingMessage, type ServerResponse } from 'node:http'

/**
 * Runs `handle` on every request this process's HTTP servers receive, before Next.js sees it
 * (Next.js gives the proxy and route handlers neither the socket nor the response). Installed
 * once per `installed` symbol, at server start (instrumentation.ts).
 */
export function beforeEveryRequest(
  installed: symbol,
  handle: (request: IncomingMessage, response: ServerResponse) => void,
) {
  const state = globalThis as Record<symbol, unknown>
  if (state[installed]) return
  // The inherited emit, called below with each server as `this`.
  const emit = Reflect.get(Server.prototype, 'emit') as Server['emit']
  function handled(this: Server, ...args: [string | symbol, ...unknown[]]): boolean {
    if (args[0] === 'request') handle(args[1] as IncomingMessage, args[2] as ServerResponse)
    return Reflect.apply(emit, this, args) as boolean
  }
  Server.prototype.emit = handled as Server['emit']
  state[installed] = true
}
