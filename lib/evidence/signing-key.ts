import 'server-only'

import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

import type { Kysely } from 'kysely'

import { signingKeyOf } from '@/lib/env'
import type { Database } from '@/lib/store/schema'

import { publicKeyPem } from './signature'

/*
 * The deployment's key that signs evidence packs: EVIDENCE_SIGNING_KEY, else one key kept in the
 * store, made by whichever instance needs it first (one row, its primary key decides, so every
 * instance signs with the same key). Its private half is stored encrypted under a key derived from
 * the audit key, which the store does not hold. An embedded store also leaves the public key in
 * its data directory, where the verifier finds it while the server holds the store open.
 */

type Db = Kysely<Database>

/** The public key's file in an embedded store's data directory. */
export const PUBLIC_KEY_FILE = 'evidence-signing-key.pub.pem'

function wrappingKey(auditKey: Uint8Array) {
  return Buffer.from(hkdfSync('sha256', auditKey, 'verity', 'verity evidence signing key v1', 32))
}

function seal(privateKey: KeyObject, auditKey: Uint8Array) {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', wrappingKey(auditKey), iv)
  const der = privateKey.export({ type: 'pkcs8', format: 'der' })
  const sealed = Buffer.concat([cipher.update(der), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')
}

function unseal(stored: string, auditKey: Uint8Array) {
  const bytes = Buffer.from(stored, 'base64')
  const decipher = createDecipheriv('aes-256-gcm', wrappingKey(auditKey), bytes.subarray(0, 12))
  decipher.setAuthTag(bytes.subarray(12, 28))
  const der = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()])
  return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' })
}

export async function loadSigningKey(
  db: Db,
  env: { EVIDENCE_SIGNING_KEY?: string | undefined },
  auditKey: Uint8Array,
): Promise<KeyObject> {
  if (env.EVIDENCE_SIGNING_KEY) {
    const key = signingKeyOf(env.EVIDENCE_SIGNING_KEY)
    if (!key) throw new Error('EVIDENCE_SIGNING_KEY is not an Ed25519 private key')
    return key
  }
  const { privateKey } = generateKeyPairSync('ed25519')
  await db
    .insertInto('evidence_signing_key')
    .values({
      id: 1,
      public_key: publicKeyPem(privateKey),
      private_key: seal(privateKey, auditKey),
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute()
  const row = await db
    .selectFrom('evidence_signing_key')
    .select('private_key')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow()
  try {
    return unseal(row.private_key, auditKey)
  } catch {
    throw new Error(
      'the evidence signing key in the store was sealed under another audit key: set the audit key it was made with, or EVIDENCE_SIGNING_KEY',
    )
  }
}

/** The public key the store holds, or null when no pack was signed with a stored key yet. */
export async function storedPublicKey(db: Db): Promise<KeyObject | null> {
  const row = await db
    .selectFrom('evidence_signing_key')
    .select('public_key')
    .where('id', '=', 1)
    .executeTakeFirst()
  return row ? createPublicKey(row.public_key) : null
}

export function writePublicKeyFile(dataDir: string, key: KeyObject) {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  writeFileSync(join(dataDir, PUBLIC_KEY_FILE), publicKeyPem(key), { mode: 0o644 })
}

export function readPublicKeyFile(dataDir: string): KeyObject | null {
  const file = join(dataDir, PUBLIC_KEY_FILE)
  return existsSync(file) ? createPublicKey(readFileSync(file, 'utf8')) : null
}
