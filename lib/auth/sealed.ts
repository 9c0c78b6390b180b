import { hkdfSync } from 'node:crypto'

import { EncryptJWT, jwtDecrypt, type JWTPayload } from 'jose'

/*
 * Cookie contents are encrypted and authenticated JWTs (JWE, dir + A256GCM) under a key derived
 * from SESSION_SECRET with HKDF, one key per purpose, so a sign-in transaction cookie can never
 * be replayed as a session. Stateless: any instance with the same secret reads any cookie.
 */

export type Purpose = 'session' | 'sign-in'

function keyFor(secret: string, purpose: Purpose) {
  return new Uint8Array(hkdfSync('sha256', secret, 'verity', `verity ${purpose} cookie v1`, 32))
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

/** The payload of a sealed value, or null when it is tampered with, expired or not ours. */
export async function unseal(
  token: string | undefined,
  secret: string,
  purpose: Purpose,
  now = Date.now(),
) {
  if (!token) return null
  try {
    const { payload } = await jwtDecrypt(token, keyFor(secret, purpose), {
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
      typ: purpose,
      currentDate: new Date(now),
      requiredClaims: ['exp', 'iat'],
    })
    return payload
  } catch {
    return null
  }
}
