import { spawn, type ChildProcess } from 'node:child_process'

import { freePort } from '@/scripts/free-port'

/*
 * A Verity instance of its own for a test file (faults, hostile requests, sign-in), started from
 * the production build the suite made, so that what one file does to its upstream cannot disturb
 * the tests running beside it.
 */

export type AppInstance = {
  url: string
  port: number
  pid: number
  logs: () => string
  stop: () => Promise<void>
}

/** Starts `next start` with the given environment (sign-in off unless it says otherwise). */
export async function startApp(
  env: Record<string, string>,
  port?: number,
  startTimeoutMs = 30_000,
): Promise<AppInstance> {
  port ??= await freePort()
  let output = ''
  const child: ChildProcess = spawn(
    process.execPath,
    ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'],
    {
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', AUTH_DISABLED: 'true', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + startTimeoutMs
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Verity exited early:\n${output}`)
    try {
      const response = await fetch(`${url}/api/health`)
      if (response.ok) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`Verity did not start:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    url,
    port,
    pid: child.pid ?? 0,
    logs: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
