import { hkdfSync } from 'node:crypto'

import { EncryptJWT, jwtDecrypt, type JWTPayload } from 'jose'

/*
 * Cookie contents are encrypted and authenticated JWTs (JWE, dir + A256GCM) under a key derived
 * from SESSION_SECRET with HKDF, one key per purpose, so a sign-in transaction cookie can never
 * be replayed as a session. Stateless: any instance with the same secret reads any cookie.
 */

/** `provider-tokens`: the provider's tokens in a session's row, never in a cookie. */
export type Purpose = 'session' | 'sign-in' | 'provider-tokens'

// Derived once per secret and purpose, not on every request that carries a cookie.
const keys = new Map<string, Uint8Array>()

function keyFor(secret: string, purpose: Purpose) {
  const id = `${purpose}\n${secret}`
  let key = keys.get(id)
  if (!key) {
    key = new Uint8Array(hkdfSync('sha256', secret, 'verity', `verity ${purpose} cookie v1`, 32))
    keys.set(id, key)
  }
  return key
}

export async function seal(
  payload: JWTPayload,
  secret: string,
  purpose: Purpose,
  maxAgeSeconds: number,
  now = Date.now(),
) {
  const issuedAt = Math.floor(now / 1000)
  return new EncryptJWT(payload)
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', typ: purpose })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + maxAgeSeconds)
    .encrypt(keyFor(secret, purpose))
}

// A cookie is sent with every request and decrypts to the same payload each time: values that
// opened are remembered by their exact text (and key), and only their expiry is checked again.
// Bounded; emptied when full, which costs one decryption per cookie in use.
const opened = new Map<string, JWTPayload & { exp: number }>()
const MAX_OPENED = 10_000

/** The payload of a sealed value, or null when it is tampered with, expired or not ours. */
export async function unseal(
  token: string | undefined,
  secret: string,
  purpose: Purpose,
  now = Date.now(),
) {
  if (!token) return null
  const id = `${purpose}\n${secret}\n${token}`
  const known = opened.get(id)
  if (known) return Math.floor(now / 1000) < known.exp ? known : null
  try {
    const { payload } = await jwtDecrypt(token, keyFor(secret, purpose), {
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
      typ: purpose,
      currentDate: new Date(now),
      requiredClaims: ['exp', 'iat'],
    })
    if (opened.size >= MAX_OPENED) opened.clear()
    opened.set(id, payload as JWTPayload & { exp: number })
    return payload
  } catch {
    return null
  }
}
