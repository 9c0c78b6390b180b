import { ServerResponse } from 'node:http'

/*
 * Lets Next.js's own compression (`compress`, on by default) compress route handlers' answers.
 * Next.js 16.4 copies a handler's headers onto the response as one-element arrays, and its
 * compression middleware takes an array Content-Type for incompressible, so no API answer was
 * gzipped (vercel/next.js#98007): a 1,000-match report went to its page's cards as 1.8 MB of JSON.
 * A one-element array is written as the same single header line as its value, so every response
 * of the process may be given the value instead; set once, on the prototype, so a request pays
 * nothing for it.
 */

const INSTALLED = Symbol.for('verity.route-compression')

export function compressRouteAnswers() {
  const state = globalThis as Record<symbol, unknown>
  if (state[INSTALLED]) return
  state[INSTALLED] = true
  const setHeader = Reflect.get(
    ServerResponse.prototype,
    'setHeader',
  ) as ServerResponse['setHeader']
  ServerResponse.prototype.setHeader = function setSingleValues(name, value) {
    return setHeader.call(this, name, Array.isArray(value) && value.length === 1 ? value[0] : value)
  }
}
