import 'server-only'

import { hkdfSync, randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

import type { StoreEnv } from '@/lib/env'

/*
 * The key of the audit trail's HMAC chain: AUDIT_HMAC_KEY, else derived from SESSION_SECRET (with
 * HKDF, its own purpose, so it is independent of the cookie keys). lib/env.js demands one of them
 * in production and with a shared database; only a single embedded demo or development server
 * falls back to a random key kept in its data directory.
 */

type AuditKey = {
  key: Uint8Array
  source: 'AUDIT_HMAC_KEY' | 'SESSION_SECRET' | 'key file'
}

const KEY_FILE = 'audit-hmac.key'

function derive(secret: string | Uint8Array) {
  return new Uint8Array(hkdfSync('sha256', secret, 'verity', 'verity audit hmac v1', 32))
}

export function auditKey(
  env: Partial<Pick<StoreEnv, 'AUDIT_HMAC_KEY' | 'SESSION_SECRET'>>,
  dataDir: string,
): AuditKey {
  if (env.AUDIT_HMAC_KEY) return { key: derive(env.AUDIT_HMAC_KEY), source: 'AUDIT_HMAC_KEY' }
  if (env.SESSION_SECRET) return { key: derive(env.SESSION_SECRET), source: 'SESSION_SECRET' }
  return { key: derive(keyFile(dataDir)), source: 'key file' }
}

function keyFile(dataDir: string) {
  const file = join(dataDir, KEY_FILE)
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  try {
    writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  return readFileSync(file, 'utf8').trim()
}
