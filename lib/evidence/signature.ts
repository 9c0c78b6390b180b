import { createHash, createPublicKey, sign, verify, type KeyObject } from 'node:crypto'

/*
 * Each file of a pack carries the deployment's Ed25519 signature over its own bytes, so anyone
 * holding the public key (`/.well-known/verity-evidence-key`, `npm run evidence:key`) can tell a
 * pack from a forgery or a changed byte without Verity's store. The PDF ends with a comment line
 * after its end-of-file marker (readers ignore it), signing every byte before it; the JSON ends with
 * a `signature` member, signing the text as it was without that member. Only a signature that
 * verifies under the deployment's key counts; the key id it names only picks the message.
 */

const CONTEXT = Buffer.from('verity evidence pack signature v1\n')
const PDF_LINE = /\n%verity-signature ed25519 key=([0-9a-f]{16}) sig=([A-Za-z0-9+/]+={0,2})\n$/
const JSON_MEMBER = /,\n {2}"signature": (\{[^\n]*\})\n\}\n$/
// The signature's line or member is shorter than this; only the file's tail is searched.
const TAIL = 512

const publicOf = (key: KeyObject) => (key.type === 'public' ? key : createPublicKey(key))

/** The first 16 hex digits of the SHA-256 of the public key (SPKI DER). */
export function keyId(key: KeyObject): string {
  const spki = publicOf(key).export({ type: 'spki', format: 'der' })
  return createHash('sha256').update(spki).digest('hex').slice(0, 16)
}

export function publicKeyPem(key: KeyObject): string {
  return publicOf(key).export({ type: 'spki', format: 'pem' }).toString()
}

function signature(bytes: Uint8Array, privateKey: KeyObject) {
  return sign(null, Buffer.concat([CONTEXT, bytes]), privateKey).toString('base64')
}

export function signPdf(bytes: Uint8Array, privateKey: KeyObject): Buffer {
  const line = `\n%verity-signature ed25519 key=${keyId(privateKey)} sig=${signature(bytes, privateKey)}\n`
  return Buffer.concat([bytes, Buffer.from(line, 'latin1')])
}

/** `text` is JSON.stringify(…, null, 2) and a line break: an object closing on its own line. */
export function signJson(text: string, privateKey: KeyObject): string {
  if (!text.endsWith('\n}\n')) throw new Error('not a pack JSON text')
  const member = {
    alg: 'Ed25519',
    key: keyId(privateKey),
    value: signature(Buffer.from(text), privateKey),
  }
  return `${text.slice(0, -3)},\n  "signature": ${JSON.stringify(member)}\n}\n`
}

export type SignatureCheck =
  | { state: 'valid'; keyId: string }
  | { state: 'invalid'; keyId: string }
  | { state: 'other_key'; keyId: string }
  | { state: 'unsigned' }

export function checkSignature(bytes: Uint8Array, publicKey: KeyObject): SignatureCheck {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const start = Math.max(0, file.length - TAIL)
  // latin1 keeps one character per byte, so a match's index is a byte offset.
  const tail = file.subarray(start).toString('latin1')
  const found = signedPart(file, start, tail)
  if (!found) return { state: 'unsigned' }
  const own = keyId(publicKey)
  if (found.keyId !== own) return { state: 'other_key', keyId: found.keyId }
  const ok = verify(
    null,
    Buffer.concat([CONTEXT, found.signed]),
    publicKey,
    Buffer.from(found.signature, 'base64'),
  )
  return { state: ok ? 'valid' : 'invalid', keyId: own }
}

function signedPart(file: Buffer, start: number, tail: string) {
  const pdf = PDF_LINE.exec(tail)
  if (pdf) {
    return { signed: file.subarray(0, start + pdf.index), keyId: pdf[1]!, signature: pdf[2]! }
  }
  const json = JSON_MEMBER.exec(tail)
  if (!json) return null
  let member: unknown
  try {
    member = JSON.parse(json[1]!)
  } catch {
    return null
  }
  if (!isMember(member)) return null
  const signed = Buffer.concat([file.subarray(0, start + json.index), Buffer.from('\n}\n')])
  return { signed, keyId: member.key, signature: member.value }
}

function isMember(value: unknown): value is { key: string; value: string } {
  if (typeof value !== 'object' || value === null) return false
  const { key, value: signed } = value as Record<string, unknown>
  return typeof key === 'string' && typeof signed === 'string'
}
