// `npm run evidence:key`: the public key (PEM) that verifies this deployment's evidence packs, as
// /.well-known/verity-evidence-key serves it: EVIDENCE_SIGNING_KEY's, else the one an embedded
// store keeps in its data directory, else the store's (made there if no pack was signed yet).
import { createPublicKey } from 'node:crypto'

import { auditKey } from '@/lib/audit/key'
import { publicKeyPem } from '@/lib/evidence/signature'
import { loadSigningKey, readPublicKeyFile, writePublicKeyFile } from '@/lib/evidence/signing-key'
import { parseStoreEnv, signingKeyOf } from '@/lib/env'
import { openStore, storeConfig } from '@/lib/store/open'

function stop(message: string): never {
  console.error(message)
  process.exit(2)
}

let env: ReturnType<typeof parseStoreEnv>
try {
  env = parseStoreEnv(process.env)
} catch (error) {
  stop(error instanceof Error ? error.message : String(error))
}
const config = storeConfig(env)

const given = env.EVIDENCE_SIGNING_KEY ? signingKeyOf(env.EVIDENCE_SIGNING_KEY) : null
const kept = given || config.databaseUrl ? null : readPublicKeyFile(config.dataDir)
if (given) {
  process.stdout.write(publicKeyPem(createPublicKey(given)))
} else if (kept) {
  process.stdout.write(publicKeyPem(kept))
} else {
  const store = await openStore(config).catch((error: unknown) =>
    stop(error instanceof Error ? error.message : String(error)),
  )
  try {
    const key = await loadSigningKey(store.db, env, auditKey(env, config.dataDir).key)
    if (store.kind === 'embedded') writePublicKeyFile(config.dataDir, key)
    process.stdout.write(publicKeyPem(key))
  } finally {
    await store.close()
  }
}
