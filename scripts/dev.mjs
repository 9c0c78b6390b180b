// `npm run dev`: the simulator and `next dev` on it, for working on Verity.
import { SIM_KEY, start, stopOnSignal } from './processes.mjs'

const port = process.env.PORT ?? '3000'
const simPort = process.env.SIM_PORT ?? '4010'

const sim = start('simulator', 'npx', ['tsx', 'simulator/main.ts'], {
  env: { SIM_PORT: simPort, SIM_API_KEY: SIM_KEY },
  ready: /listening/,
})
await sim.ready
const app = start('verity', 'npx', ['next', 'dev', '-p', port, '-H', '127.0.0.1'], {
  env: {
    DS_API_BASE_URL: `http://127.0.0.1:${simPort}`,
    DS_API_KEY: SIM_KEY,
    VERITY_DEMO: 'true',
    AUTH_DISABLED: 'true',
  },
})
stopOnSignal([sim.child, app.child])
