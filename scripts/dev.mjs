// `npm run dev`: the simulator and `next dev` on it, for working on Verity.
import { simulatorEnv, startApp } from '../tools/harness/app.ts'
import { stopOnSignal } from '../tools/harness/child.ts'
import { startSimulatorProcess } from '../tools/harness/simulator.ts'

const port = Number(process.env.PORT ?? 3000)
const simPort = Number(process.env.SIM_PORT ?? 4010)

const sim = await startSimulatorProcess({ port: simPort, output: 'echo' })
// Filled as they start: a signal stops what is running by then.
const running = [sim]
stopOnSignal(running)
const app = await startApp({
  port,
  dev: true,
  env: { ...simulatorEnv(sim.url), AUTH_DISABLED: 'true' },
  output: 'echo',
  // The first request compiles the route: slower than a production start.
  timeoutMs: 300_000,
})
running.push(app)
