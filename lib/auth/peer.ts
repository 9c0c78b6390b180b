import { BlockList, isIP } from 'node:net'

/*
 * Who is at the other end of a request's connection. Next.js gives route handlers and the proxy no
 * socket, and the X-Forwarded-For it fills in is kept as the client sent it, so the server stamps
 * each request's socket address into a header of its own (lib/auth/peer-stamp.ts), over whatever a
 * client sent under that name. The stamp is believed only while it is in place in this process.
 */

export const PEER_HEADER = 'x-verity-peer'
export const PEER_STAMPING = Symbol.for('verity.peer-stamping')

/** The address the request came from, or null when the server does not stamp it. */
export function peerAddress(headers: Headers): string | null {
  if (!(globalThis as Record<symbol, unknown>)[PEER_STAMPING]) return null
  return headers.get(PEER_HEADER) || null
}

/** An IPv4 address as Node reports it on a dual-stack socket (`::ffff:10.0.0.1`) is IPv4. */
function plain(address: string) {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  return mapped?.[1] ?? address
}

const lists = new WeakMap<readonly string[], BlockList>()

function blockListOf(proxies: readonly string[]) {
  let list = lists.get(proxies)
  if (!list) {
    list = new BlockList()
    for (const entry of proxies) {
      const [address = '', prefix] = entry.split('/')
      const family = isIP(plain(address)) === 6 ? 'ipv6' : 'ipv4'
      if (prefix === undefined) list.addAddress(plain(address), family)
      else list.addSubnet(plain(address), Number(prefix), family)
    }
    lists.set(proxies, list)
  }
  return list
}

/** Whether `address` is one of `proxies` (addresses and CIDR ranges, as TRUSTED_PROXIES holds). */
export function isTrustedProxy(address: string, proxies: readonly string[]): boolean {
  if (proxies.length === 0) return false
  const peer = plain(address)
  const family = isIP(peer)
  if (family === 0) return false
  return blockListOf(proxies).check(peer, family === 6 ? 'ipv6' : 'ipv4')
}
