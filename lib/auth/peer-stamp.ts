import { beforeEveryRequest } from '@/lib/api/request-event'

import { PEER_HEADER, PEER_STAMPING } from './peer'

/**
 * Stamps every request this process's HTTP servers receive with its socket's address
 * (lib/auth/peer.ts), before Next.js sees it. Installed once, at server start (instrumentation.ts).
 */
export function stampPeerAddresses() {
  beforeEveryRequest(PEER_STAMPING, (request) => {
    // Replaces whatever a client sent under this name.
    request.headers[PEER_HEADER] = request.socket.remoteAddress ?? ''
  })
}
