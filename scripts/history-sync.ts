// `npm run history:sync -- --once`: one pass of the history mirror from the command line (the
// backfill to its end, then a poll) against the store of DATABASE_URL or VERITY_DATA_DIR; exit 1
// when another instance holds the sync lease or the pass fails, 2 on bad usage or environment.
import { mirrorStatus } from '@/lib/history-mirror/status'
import { runOnce } from '@/lib/history-mirror/runner'
import { mirrorSettings } from '@/lib/history-mirror/settings'
import { getEnv } from '@/lib/env'
import { openStore, storeConfig } from '@/lib/store/open'

if (!process.argv.includes('--once')) {
  console.error('usage: npm run history:sync -- --once')
  process.exit(2)
}

let env: ReturnType<typeof getEnv>
try {
  env = getEnv()
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(2)
}

const store = await openStore(storeConfig(env))
let code = 0
try {
  const result = await runOnce(store.db, mirrorSettings())
  if (result.ok) {
    console.log(
      JSON.stringify({
        level: 'info',
        msg: 'history mirror: pass done',
        ...(await mirrorStatus(store.db)),
      }),
    )
  } else {
    console.error(`another instance is syncing the history (lease held by ${result.holder})`)
    code = 1
  }
} catch (error) {
  console.error(`the pass failed: ${error instanceof Error ? error.message : String(error)}`)
  code = 1
} finally {
  await store.close()
}
process.exit(code)
