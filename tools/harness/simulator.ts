import { exampleApiKey } from '@/simulator/server/api-key'
import { spawnNode, waitUntil, type Output, type Started } from '@/tools/harness/child'

export type SimulatorProcessOptions = {
  /** A free one when not given. */
  port?: number
  apiKey?: string
  historyRecords?: number
  /** Other SIM_* variables of simulator/server/main.ts (SIM_CLOCK, SIM_VERIFICATIONS…). */
  knobs?: Record<string, string>
  output: Output
}

/**
 * The simulator as a process of its own (simulator/server/main.ts), so that it shares no event loop with
 * whatever drives the app; ready once it logs the address it listens on.
 */
export async function startSimulatorProcess(options: SimulatorProcessOptions): Promise<Started> {
  const started = spawnNode('simulator', ['--import', 'tsx', 'simulator/server/main.ts'], {
    env: {
      SIM_PORT: String(options.port ?? 0),
      SIM_API_KEY: options.apiKey ?? exampleApiKey,
      ...(options.historyRecords === undefined
        ? {}
        : { SIM_HISTORY: String(options.historyRecords) }),
      ...options.knobs,
    },
    output: options.output,
  })
  const url = await waitUntil(started, 'The simulator', () =>
    Promise.resolve(/listening on (http:\/\/\S+)/.exec(started.logs())?.[1] ?? null),
  )
  return { ...started, url }
}
