// `npm run evidence:verify -- <file.pdf> [<file.json>]`: whether each file is an evidence pack
// recorded byte for byte in this deployment's audit trail (DATABASE_URL or VERITY_DATA_DIR), and
// whether the trail's chain verifies. Exit 0 when every file is recorded and the chain holds, 1
// otherwise, 2 when it cannot check.
import { readFileSync } from 'node:fs'

import { auditKey } from '@/lib/audit/key'
import { packCheckWords, type PackCheck } from '@/lib/evidence/contract'
import { checkPack } from '@/lib/evidence/verify'
import { parseStoreEnv } from '@/lib/env'
import { openStore, storeConfig } from '@/lib/store/open'

const files = process.argv.slice(2)

function stop(message: string): never {
  console.error(message)
  process.exit(2)
}

if (files.length === 0 || files.length > 2)
  stop('usage: npm run evidence:verify -- <file.pdf> [<file.json>]')

let env: ReturnType<typeof parseStoreEnv>
try {
  env = parseStoreEnv(process.env)
} catch (error) {
  stop(error instanceof Error ? error.message : String(error))
}
const config = storeConfig(env)
const { key } = auditKey(env, config.dataDir)

const contents = files.map((file) => {
  try {
    return new Uint8Array(readFileSync(file))
  } catch (error) {
    stop(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`)
  }
})

const store = await openStore(config).catch((error: unknown) =>
  stop(error instanceof Error ? error.message : String(error)),
)
const checks: PackCheck[] = []
try {
  for (const bytes of contents) checks.push(await checkPack(store.db, key, bytes))
} finally {
  await store.close()
}

checks.forEach((check, index) => console.log(`${files[index]}: ${packCheckWords(check)}`))
const recorded = checks.filter((check) => check.verdict === 'recorded')
const rows = new Set(recorded.map((check) => check.seq))
if (recorded.length === 2 && rows.size === 2) {
  console.log('The two files were recorded by different audit rows: they are not one pack.')
}
const ok =
  recorded.length === checks.length && rows.size === 1 && recorded.every((check) => check.chain.ok)
process.exit(ok ? 0 : 1)
