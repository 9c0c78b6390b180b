// `npm run demo`: builds Verity, starts the simulator and the app on it, prints where to look.
import { exampleIds } from '../lib/demo/example-ids.ts'
import { run, SIM_KEY, start, stopOnSignal } from './processes.mjs'

const port = process.env.PORT ?? '3000'
const simPort = process.env.SIM_PORT ?? '4010'
const simUrl = `http://127.0.0.1:${simPort}`

if (!process.argv.includes('--no-build')) {
  const code = await run('npx', ['next', 'build'])
  if (code !== 0) process.exit(code)
}

// Node itself, not npx: a signal then reaches the servers, not a wrapper that may not pass it on.
// The simulated world ends today, with six weeks of history and more verifications than the
// tests' data set, so /analytics's default 30 days are full (docs/analytics.md, "The demo").
const sim = start('simulator', process.execPath, ['--import', 'tsx', 'simulator/main.ts'], {
  env: {
    SIM_PORT: simPort,
    SIM_API_KEY: SIM_KEY,
    SIM_CLOCK: 'today',
    SIM_HISTORY: '3000',
    SIM_VERIFICATIONS: '400',
  },
  ready: /listening/,
})
await sim.ready
const next = 'node_modules/next/dist/bin/next'
const app = start('verity', process.execPath, [next, 'start', '-p', port, '-H', '127.0.0.1'], {
  // The embedded store keeps the activity between runs, in .verity-data unless VERITY_DATA_DIR says.
  env: {
    DS_API_BASE_URL: simUrl,
    DS_API_KEY: SIM_KEY,
    VERITY_DEMO: 'true',
    VERITY_DEMO_WORK: 'true',
    AUTH_DISABLED: 'true',
  },
  ready: /Ready|started server/i,
})
stopOnSignal([sim.child, app.child])
await app.ready

const base = `http://127.0.0.1:${port}`
console.log(`
Verity is running on simulated data: ${base}

  Profiles                 ${base}/profiles
  Webhook history          ${base}/webhooks
  Failed verification      ${base}/v/${exampleIds.errorsShortId}
  AML report               ${base}/aml/${exampleIds.amlRichId}
  AML report, 1,000 hits   ${base}/aml/${exampleIds.amlBigId}
  Activity (audit trail)   ${base}/activity
  Analytics                ${base}/analytics

Stop with Ctrl+C.`)
