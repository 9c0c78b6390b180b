import { cpSync, existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { simUrl, storeTemplateDir, testKey } from '@/playwright.config'
import { simulatorEnv, startApp as startHarnessApp, type StartedApp } from '@/tools/harness/app'
import type { Output } from '@/tools/harness/child'

/*
 * A Verity instance of its own for a test file (faults, hostile requests, sign-in), started by the
 * harness (tools/harness/app.ts) from the production build the suite made, so that what one file
 * does to its upstream cannot disturb the tests running beside it. Each has its own embedded store
 * in a temporary directory (one process per data directory), removed when it stops, unless the
 * caller gives DATABASE_URL or VERITY_DATA_DIR.
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

export type AppInstance = StartedApp & { dataDir: string }

/**
 * Starts `next start` with the given environment (sign-in off unless it says otherwise); its output
 * kept in memory for `logs` unless `output` says otherwise.
 */
export async function startApp(
  env: Record<string, string>,
  port?: number,
  startTimeoutMs = 30_000,
  output: Output = 'memory',
): Promise<AppInstance> {
  const dataDir = env.VERITY_DATA_DIR ?? newDataDir('verity-app-data-')
  const app = await startHarnessApp({
    port,
    env: {
      AUTH_DISABLED: 'true',
      // A production start needs one (lib/env.js); tests that check the key give their own.
      AUDIT_HMAC_KEY: 'e2e-audit-hmac-key-of-the-test-instances-0123',
      // The history mirror's background reads would count in these tests' upstream figures
      // and use up their injected faults; the mirror's own tests turn it on.
      HISTORY_SYNC: 'off',
      // The simulated history is fixed in the past: the daily run would erase its sandbox records.
      RETENTION_JOB: 'off',
      ...env,
    },
    store: { dataDir, remove: !env.VERITY_DATA_DIR },
    output,
    timeoutMs: startTimeoutMs,
  })
  return { ...app, dataDir }
}

/**
 * An instance of its own on the suite's simulator and build, for a file that must read its own
 * server log or change a setting (`extra`) without touching the main instance.
 */
export function startSuiteApp(extra: Record<string, string> = {}) {
  return startApp(
    {
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? '.next',
      ...simulatorEnv(simUrl, testKey),
      ...extra,
    },
    undefined,
    90_000,
  )
}
