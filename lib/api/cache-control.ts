/*
 * The Cache-Control of every JSON answer of the API: never stored. Next.js streams a route's
 * answer to its compression middleware without a length, so the middleware's threshold (1 KiB)
 * never applies and it gzips even a 15-byte answer, which costs a client on the same network about
 * 0.5 ms a request (tools/bench/sequential.ts, 28 Nov). A smaller answer says `no-transform`, which
 * that middleware honours: it goes out as it is.
 */

const COMPRESS_FROM_BYTES = 1024

export function jsonCacheControl(text: string) {
  // A string's UTF-8 length is never below its length in UTF-16 units.
  const small = text.length < COMPRESS_FROM_BYTES && Buffer.byteLength(text) < COMPRESS_FROM_BYTES
  return small ? 'private, no-store, no-transform' : 'private, no-store'
}
