// `npm run retention -- [--dry-run]`: one retention run from the command line (docs/retention.md)
// against the store of DATABASE_URL or VERITY_DATA_DIR, beside a running deployment on a
// PostgreSQL server. Erases every applicant due and not held, audited as Verity's; --dry-run
// lists what would be erased and what holds the rest, and erases nothing. Exit 1 when the run
// fails (what it erased stays erased; the next run takes up the rest), 2 on bad usage or
// environment.
import { SYSTEM_ACTOR } from '@/lib/cases/system-actor'
import { getEnv } from '@/lib/env'
import { runRetention } from '@/lib/retention/run'
import { retentionSettings } from '@/lib/retention/settings'
import { getStore } from '@/lib/store/store'

const args = process.argv.slice(2)
if (args.some((arg) => arg !== '--dry-run')) {
  console.error('usage: npm run retention -- [--dry-run]')
  process.exit(2)
}
const dryRun = args.includes('--dry-run')

try {
  getEnv()
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(2)
}

let code = 0
const store = await getStore().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(2)
})
try {
  const { db } = store
  const result = await runRetention(db, retentionSettings(), {
    trigger: 'command',
    dryRun,
    actor: SYSTEM_ACTOR,
    progress: (erased, total) =>
      console.log(JSON.stringify({ level: 'info', msg: 'retention: erased', erased, of: total })),
  })
  for (const due of result.due) {
    const held = result.held.find((one) => one.applicantId === due.applicantId)
    console.log(
      `${due.applicantId}: kept until ${due.keptUntil} (${due.rule}); ${
        held
          ? `held: ${held.holds.map((hold) => hold.detail).join('; ')}`
          : dryRun
            ? 'would be erased'
            : 'erased'
      }`,
    )
  }
  console.log(
    `${dryRun ? 'Dry run' : 'Run'} ${result.runId}: ${result.due.length} due, ${result.held.length} held, ${dryRun ? `${result.due.length - result.held.length} would be erased` : `${result.erased.length} erased`}${result.swept ? `, ${result.swept} records stored again after erasure erased` : ''}.`,
  )
} catch (error) {
  console.error(`the run failed: ${error instanceof Error ? error.message : String(error)}`)
  code = 1
} finally {
  await store.close()
}
process.exit(code)
