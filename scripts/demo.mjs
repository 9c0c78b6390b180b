// `npm run demo`: builds Verity, starts the simulator and the app on it, prints where to look.
import { randomBytes } from 'node:crypto'
import { resolve } from 'node:path'

import { exampleIds } from '../lib/demo/example-ids.ts'
import { simulatorEnv, startApp } from '../tools/harness/app.ts'
import { stopOnSignal } from '../tools/harness/child.ts'
import { run } from '../tools/harness/run.mjs'
import { startSimulatorProcess } from '../tools/harness/simulator.ts'

const port = Number(process.env.PORT ?? 3000)
const simPort = Number(process.env.SIM_PORT ?? 4010)

if (!process.argv.includes('--no-build')) {
  const code = await run('npx', ['next', 'build'])
  if (code !== 0) process.exit(code)
}

// The simulator delivers each record added while the demo runs (POST /__sim/history) to Verity's
// webhook route, signed with a secret made for this run, as the provider would
// (docs/history-mirror.md, "Deliveries").
const webhookSecret = `whsec_${randomBytes(32).toString('hex')}`

// The simulated world ends today, with six weeks of history and more verifications than the
// tests' data set, so /analytics's default 30 days are full (docs/analytics.md, "The demo").
const sim = await startSimulatorProcess({
  port: simPort,
  historyRecords: 3000,
  // A minute after the start (the mirror has met the history and the team's work is seeded), the
  // provider re-screens a few applicants: their unchanged false positives carry over.
  knobs: {
    SIM_CLOCK: 'today',
    SIM_VERIFICATIONS: '400',
    SIM_RESCREEN_AFTER_S: '60',
    SIM_WEBHOOK_URL: `http://127.0.0.1:${port}/api/upstream/webhooks`,
    SIM_WEBHOOK_SECRET: webhookSecret,
  },
  output: 'echo',
})
// Filled as they start: a signal stops what is running by then.
const running = [sim]
stopOnSignal(running)
const app = await startApp({
  port,
  // As deployed (docs/operations.md); `next start` says it does not serve a standalone build.
  standalone: true,
  env: {
    ...simulatorEnv(sim.url),
    VERITY_DEMO_WORK: 'true',
    AUTH_DISABLED: 'true',
    DS_WEBHOOK_SECRET: webhookSecret,
    // A line per view, or per request, would bury the addresses below; the trail is at /activity.
    AUDIT_STDOUT: 'off',
    // A made-up reporting entity, so the demo's report to the FIU (docs/reports.md) is complete.
    GOAML_RENTITY_ID: '1001',
    GOAML_RENTITY_BRANCH: 'Demo head office',
    GOAML_REPORTING_USER_CODE: 'VERITYDEMO',
    GOAML_ADDRESS: '1 Demo Street',
    GOAML_CITY: 'Berlin',
    GOAML_COUNTRY: 'DE',
    LOG_LEVEL: 'warn',
    // The embedded store keeps the activity between runs, in the checkout's .verity-data unless
    // VERITY_DATA_DIR says (the standalone server works in its own folder, which a build replaces).
    VERITY_DATA_DIR: resolve(process.env.VERITY_DATA_DIR ?? '.verity-data'),
  },
  output: 'echo',
  timeoutMs: 120_000,
})
running.push(app)
const base = app.url

console.log(`
Verity is running on simulated data: ${base}

  Work queue (Take next)   ${base}/queue
  A case                   ${base}/cases/1
  Reports to the FIU       ${base}/reports
  Search                   ${base}/search?q=Petrov
  Profiles                 ${base}/profiles
  Webhook history          ${base}/webhooks
  Failed verification      ${base}/v/${exampleIds.errorsShortId}
  AML report               ${base}/aml/${exampleIds.amlRichId}
  AML report, 1,000 hits   ${base}/aml/${exampleIds.amlBigId}
  Activity (audit trail)   ${base}/activity
  Analytics                ${base}/analytics
  History sync             ${base}/history-sync
  Notifications            ${base}/notifications

A record added now is delivered to Verity at once, as the provider's webhook would:
  curl -X POST ${sim.url}/__sim/history -d '{"risk":"High","name":"Jane Example"}'

Stop with Ctrl+C.`)
