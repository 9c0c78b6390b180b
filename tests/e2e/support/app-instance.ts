import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { simUrl, storeTemplateDir, testKey } from '@/playwright.config'
import { freePort } from '@/scripts/free-port'

/*
 * A Verity instance of its own for a test file (faults, hostile requests, sign-in), started from
 * the production build the suite made, so that what one file does to its upstream cannot disturb
 * the tests running beside it. Each has its own embedded store in a temporary directory (one
 * process per data directory), removed when it stops, unless the caller gives DATABASE_URL or
 * VERITY_DATA_DIR.
 */

/**
 * A new embedded store directory: a copy of the run's migrated template when there is one (not
 * when the suite reuses a running server), so the instance skips initdb and the migrations.
 */
export function newDataDir(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  if (existsSync(storeTemplateDir)) cpSync(storeTemplateDir, dir, { recursive: true })
  return dir
}

export type AppInstance = {
  url: string
  port: number
  pid: number
  dataDir: string
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
  const ownDir = env.VERITY_DATA_DIR ? null : newDataDir('verity-app-data-')
  const dataDir = env.VERITY_DATA_DIR ?? ownDir ?? ''
  const removeDir = () => {
    if (ownDir) rmSync(ownDir, { recursive: true, force: true })
  }
  let output = ''
  const child: ChildProcess = spawn(
    process.execPath,
    ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'],
    {
      env: {
        ...process.env,
        NEXT_TELEMETRY_DISABLED: '1',
        AUTH_DISABLED: 'true',
        VERITY_DATA_DIR: dataDir,
        // A production start needs one (lib/env.js); tests that check the key give their own.
        AUDIT_HMAC_KEY: 'e2e-audit-hmac-key-of-the-test-instances-0123',
        // The history mirror's background reads would count in these tests' upstream figures
        // and use up their injected faults; the mirror's own tests turn it on.
        HISTORY_SYNC: 'off',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + startTimeoutMs
  for (;;) {
    if (child.exitCode !== null) {
      removeDir()
      throw new Error(`Verity exited early:\n${output}`)
    }
    try {
      const response = await fetch(`${url}/api/health`)
      if (response.ok) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      removeDir()
      throw new Error(`Verity did not start:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    url,
    port,
    pid: child.pid ?? 0,
    dataDir,
    logs: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }).finally(removeDir),
  }
}

/**
 * An instance of its own on the suite's simulator and build, for a file that must read its own
 * server log or change a setting (`extra`) without touching the main instance.
 */
export function startSuiteApp(extra: Record<string, string> = {}) {
  return startApp(
    {
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? '.next',
      DS_API_BASE_URL: simUrl,
      DS_API_KEY: testKey,
      VERITY_DEMO: 'true',
      ...extra,
    },
    undefined,
    90_000,
  )
}
