// `npm run exam:pack -- --from 2026-01-01 --to 2026-06-30 --out pack.zip [--unmasked]`: the exam
// pack of a period from the store (DATABASE_URL or VERITY_DATA_DIR), as GET /api/exam-pack makes
// it, signed with the deployment's evidence key; run with the server's environment. Recorded in
// the audit trail as an export by the command line. Exit 2 when it could not make the pack.
import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { userInfo } from 'node:os'
import { pipeline } from 'node:stream/promises'

import { auditKey } from '@/lib/audit/key'
import { startSequencer } from '@/lib/audit/sequencer'
import { createAuditWriter } from '@/lib/audit/trail'
import { parseEnv } from '@/lib/env'
import { loadSigningKey } from '@/lib/evidence/signing-key'
import { examPack } from '@/lib/exam/build'
import { examPackRequest } from '@/lib/exam/request'
import { settingsInForce } from '@/lib/exam/settings'
import { openStore, storeConfig } from '@/lib/store/open'

function stop(message: string): never {
  console.error(message)
  process.exit(2)
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error))

const args = process.argv.slice(2)
const option = (name: string) => {
  const at = args.indexOf(`--${name}`)
  return at >= 0 ? args[at + 1] : undefined
}
const out = option('out')
const parsed = examPackRequest.safeParse({
  from: option('from'),
  to: option('to'),
  data: args.includes('--unmasked') ? 'unmasked' : 'masked',
})
if (!out || !parsed.success) {
  stop(
    `${parsed.success ? 'give --out <file.zip>' : (parsed.error.issues[0]?.message ?? 'bad arguments')}\nusage: npm run exam:pack -- --from YYYY-MM-DD --to YYYY-MM-DD --out pack.zip [--unmasked]`,
  )
}
const request = parsed.data

let env: ReturnType<typeof parseEnv>
try {
  env = parseEnv(process.env)
} catch (error) {
  stop(message(error))
}
const config = storeConfig(env)
const store = await openStore(config).catch((error: unknown) => stop(message(error)))
try {
  const { key } = auditKey(env, config.dataDir)
  const signingKey = await loadSigningKey(store.db, env, key)
  const madeBy = {
    label: `command line (${userInfo().username})`,
    analystId: 'verity:system exam-pack',
  }
  await createAuditWriter(store, key).append({
    time: new Date().toISOString(),
    user: madeBy.label,
    analystId: madeBy.analystId,
    action: 'export',
    resource: { type: 'exam_pack', id: `${request.from}/${request.to}` },
    field: `zip-${request.data}`,
    requestId: randomUUID(),
    outcome: 'ok',
  })
  // The pack names trail rows by their place in the chain: what is committed is sealed first
  // (beside a running deployment, its sequencers and this one race for each place, and a loser
  // reads again: lib/audit/sequencer.ts).
  const sequencer = startSequencer(store, key, { sealMs: env.AUDIT_SEAL_MS })
  await sequencer.sealNow()
  await sequencer.stop()
  const started = performance.now()
  await pipeline(
    examPack({
      db: store.db,
      auditKey: key,
      signingKey,
      from: request.from,
      to: request.to,
      masked: request.data === 'masked',
      // The command is the deployment's own operator's, who may see what the store holds.
      seesReports: true,
      madeBy,
      settings: settingsInForce(env),
    }),
    createWriteStream(out, { flags: 'wx', mode: 0o600 }),
  )
  console.log(
    `wrote the exam pack of ${request.from} to ${request.to} (${request.data}) from ${store.where} to ${out} in ${Math.round(performance.now() - started)} ms`,
  )
} catch (error) {
  stop(message(error))
} finally {
  await store.close()
}
