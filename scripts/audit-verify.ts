// `npm run audit:verify [-- <file>]`: checks the audit trail in the store (DATABASE_URL or
// VERITY_DATA_DIR), or an exported file, against the key; exit 1 naming the first bad row. In the
// store it also checks the rows not yet sealed into the chain and says how many and how old.
import { readFileSync } from 'node:fs'

import { verifyTrail } from '@/lib/audit/chain'
import { auditKey } from '@/lib/audit/key'
import { parseTrailFile } from '@/lib/audit/trail-file'
import { verifyStoredTrail } from '@/lib/audit/trail'
import { sealHealth, unsealedRows } from '@/lib/audit/unsealed'
import { parseStoreEnv } from '@/lib/env'
import { openStore, storeConfig } from '@/lib/store/open'

const file = process.argv[2]

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
const { key, source } = auditKey(env, config.dataDir)

let result: Awaited<ReturnType<typeof verifyTrail>>
let what: string
if (file) {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    stop(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`)
  }
  const parsed = parseTrailFile(text)
  if (!parsed.ok) {
    console.log(`BROKEN at line ${parsed.line}: ${parsed.reason}`)
    process.exit(1)
  }
  if (!parsed.head) console.log('note: no head record in the file, so a cut-off tail cannot show')
  result = await verifyTrail(key, parsed.records, parsed.head)
  what = file
} else {
  const store = await openStore(config).catch((error: unknown) =>
    stop(error instanceof Error ? error.message : String(error)),
  )
  try {
    result = await verifyStoredTrail(store.db, key)
    const unsealed = sealHealth(await unsealedRows(store.db), env.AUDIT_SEAL_MS)
    if (unsealed.count > 0) {
      console.log(
        `${unsealed.count} row${unsealed.count === 1 ? '' : 's'} not yet sealed into the chain, the oldest ${unsealed.oldestSeconds!.toFixed(1)} s old${unsealed.degraded ? ` (past the ${unsealed.alarmSeconds} s alarm: is a server running to seal them?)` : ''}`,
      )
    }
  } finally {
    await store.close()
  }
  what = store.where
}

if (result.ok) {
  console.log(`OK: ${result.rows} rows, chain intact (${what}; key from ${source})`)
} else {
  console.log(`BROKEN at row ${result.seq}: ${result.reason} (${what}; key from ${source})`)
  process.exit(1)
}
