// `npm run evidence:verify -- <file.pdf> [<file.json>] [--key <public-key.pem>]`: whether each
// file carries a valid signature of this deployment's evidence signing key (checked offline, no
// store needed), and, where the store can be opened, whether it is recorded byte for byte in the
// audit trail and the trail's chain verifies. The public key is the one given with --key, else
// EVIDENCE_SIGNING_KEY's, else the one an embedded store keeps in its data directory, else the
// store's. Says which checks it made. Exit 0 when every check made passed, 1 when one failed, 2
// when it could check nothing.
import { createPublicKey, type KeyObject } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

import { auditKey } from '@/lib/audit/key'
import { packCheckWords, type PackCheck } from '@/lib/evidence/contract'
import { checkSignature, type SignatureCheck } from '@/lib/evidence/signature'
import { readPublicKeyFile, storedPublicKey } from '@/lib/evidence/signing-key'
import { checkPack } from '@/lib/evidence/verify'
import { parseStoreEnv, signingKeyOf } from '@/lib/env'
import { openStore, storeConfig, type Store } from '@/lib/store/open'

function stop(message: string): never {
  console.error(message)
  process.exit(2)
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error))

const args = process.argv.slice(2)
const keyAt = args.indexOf('--key')
const keyFile = keyAt >= 0 ? args[keyAt + 1] : undefined
if (keyAt >= 0 && !keyFile) stop('--key needs the public key file (PEM)')
const files = keyAt >= 0 ? args.filter((_, index) => index !== keyAt && index !== keyAt + 1) : args
if (files.length === 0 || files.length > 2)
  stop('usage: npm run evidence:verify -- <file.pdf> [<file.json>] [--key <public-key.pem>]')

let env: ReturnType<typeof parseStoreEnv>
try {
  env = parseStoreEnv(process.env)
} catch (error) {
  stop(message(error))
}
const config = storeConfig(env)

const contents = files.map((file) => {
  try {
    return new Uint8Array(readFileSync(file))
  } catch (error) {
    stop(`cannot read ${file}: ${message(error)}`)
  }
})

let publicKey: { key: KeyObject; from: string } | null = null
try {
  if (keyFile) {
    publicKey = { key: createPublicKey(readFileSync(keyFile, 'utf8')), from: keyFile }
  } else if (env.EVIDENCE_SIGNING_KEY) {
    const key = signingKeyOf(env.EVIDENCE_SIGNING_KEY)
    if (key) publicKey = { key: createPublicKey(key), from: 'EVIDENCE_SIGNING_KEY' }
  } else if (!config.databaseUrl) {
    const key = readPublicKeyFile(config.dataDir)
    if (key) publicKey = { key, from: `VERITY_DATA_DIR ${config.dataDir}` }
  }
} catch (error) {
  stop(`cannot read the public key: ${message(error)}`)
}

// The trail where it can be reached: an embedded store a running server holds cannot be opened,
// and one that does not exist is not made (opening would create and migrate an empty one).
let store: Store | null = null
let storeRefusal = ''
if (!config.databaseUrl && !existsSync(join(config.dataDir, 'pglite', 'PG_VERSION'))) {
  storeRefusal = `no store at VERITY_DATA_DIR ${config.dataDir}`
} else {
  try {
    store = await openStore(config)
  } catch (error) {
    storeRefusal = message(error)
  }
}

const signatures: (SignatureCheck | null)[] = []
const trail: PackCheck[] = []
try {
  if (!publicKey && store) {
    const key = await storedPublicKey(store.db)
    if (key) publicKey = { key, from: store.where }
  }
  for (const bytes of contents) {
    signatures.push(publicKey ? checkSignature(bytes, publicKey.key) : null)
    if (store) trail.push(await checkPack(store.db, auditKey(env, config.dataDir).key, bytes))
  }
} finally {
  await store?.close()
}

const SIGNATURE_WORDS: Record<SignatureCheck['state'], string> = {
  valid: 'signature valid: made by this deployment, not a byte changed',
  invalid: 'signature INVALID: a byte changed since it was signed, or it is a forgery',
  other_key: 'signed with another key: not a pack of this deployment',
  unsigned: 'no signature: not a signed evidence pack',
}

files.forEach((file, index) => {
  const signature = signatures[index]
  if (signature) console.log(`${file}: ${SIGNATURE_WORDS[signature.state]}`)
  const check = trail[index]
  if (check) console.log(`${file}: audit trail: ${packCheckWords(check)}`)
})

const checked: string[] = []
let ok = true
if (publicKey) {
  checked.push(`the signature (public key from ${publicKey.from})`)
  ok &&= signatures.every((signature) => signature?.state === 'valid')
} else {
  console.log(
    'Signature not checked: no public key (give one with --key, from npm run evidence:key).',
  )
}
if (store) {
  checked.push('the audit trail')
  const recorded = trail.filter((check) => check.verdict === 'recorded')
  const rows = new Set(recorded.map((check) => check.seq))
  if (recorded.length === 2 && rows.size === 2) {
    console.log('The two files were recorded by different audit rows: they are not one pack.')
  }
  ok &&=
    recorded.length === trail.length && rows.size === 1 && recorded.every((check) => check.chain.ok)
} else {
  console.log(`Audit trail not checked: ${storeRefusal}`)
}
if (checked.length === 0) stop('Nothing could be checked.')
console.log(`Checked ${checked.join(' and ')}: ${ok ? 'passed' : 'FAILED'}.`)
process.exit(ok ? 0 : 1)
