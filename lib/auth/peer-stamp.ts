import { Server, type IncomingMessage } from 'node:http'

import { PEER_HEADER, PEER_STAMPING } from './peer'

/**
 * Stamps every request this process's HTTP servers receive with its socket's address
 * (lib/auth/peer.ts), before Next.js sees it. Installed once, at server start (instrumentation.ts).
 */
export function stampPeerAddresses() {
  const state = globalThis as Record<symbol, unknown>
  if (state[PEER_STAMPING]) return
  // The inherited emit, called below with each server as `this`.
  const emit = Reflect.get(Server.prototype, 'emit') as Server['emit']
  function stamped(this: Server, ...args: [string | symbol, ...unknown[]]): boolean {
    if (args[0] === 'request') {
      const request = args[1] as IncomingMessage
      // Replaces whatever a client sent under this name.
      request.headers[PEER_HEADER] = request.socket.remoteAddress ?? ''
    }
    return Reflect.apply(emit, this, args) as boolean
  }
  Server.prototype.emit = stamped as Server['emit']
  state[PEER_STAMPING] = true
}
