import { generateKeyPairSync } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { checkSignature, keyId, signJson, signPdf } from '@/lib/evidence/signature'

/*
 * A pack's files carry the deployment's Ed25519 signature: it verifies under the public key alone,
 * fails for one changed byte anywhere, and names another key as another key's.
 */

const { privateKey, publicKey } = generateKeyPairSync('ed25519')
const other = generateKeyPairSync('ed25519')
const json = `${JSON.stringify({ format: 'verity-evidence-pack/1', title: 'Señora Ö' }, null, 2)}\n`
const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1')

function flip(bytes: Uint8Array, at: number) {
  const copy = Buffer.from(bytes)
  copy[at]! ^= 0x01
  return copy
}

describe('evidence signatures', () => {
  it('verifies a signed PDF and JSON, and the JSON still parses with its signature member', () => {
    const signedPdf = signPdf(pdf, privateKey)
    const signedJson = Buffer.from(signJson(json, privateKey))
    expect(checkSignature(signedPdf, publicKey)).toEqual({
      state: 'valid',
      keyId: keyId(publicKey),
    })
    expect(checkSignature(signedJson, publicKey)).toEqual({
      state: 'valid',
      keyId: keyId(publicKey),
    })
    expect(JSON.parse(signedJson.toString())).toMatchObject({
      title: 'Señora Ö',
      signature: { alg: 'Ed25519', key: keyId(publicKey) },
    })
  })

  it('refuses a changed byte anywhere: content, signature or the end of the file', () => {
    const signedPdf = signPdf(pdf, privateKey)
    const signedJson = Buffer.from(signJson(json, privateKey))
    for (const signed of [signedPdf, signedJson]) {
      for (const at of [0, 12, signed.length - 20]) {
        expect(checkSignature(flip(signed, at), publicKey).state).not.toBe('valid')
      }
    }
    expect(checkSignature(Buffer.concat([signedPdf, Buffer.from(' ')]), publicKey)).toEqual({
      state: 'unsigned',
    })
  })

  it("tells another deployment's key and an unsigned file apart", () => {
    expect(checkSignature(signPdf(pdf, other.privateKey), publicKey)).toEqual({
      state: 'other_key',
      keyId: keyId(other.publicKey),
    })
    expect(checkSignature(pdf, publicKey)).toEqual({ state: 'unsigned' })
    expect(checkSignature(Buffer.from(json), publicKey)).toEqual({ state: 'unsigned' })
  })
})
