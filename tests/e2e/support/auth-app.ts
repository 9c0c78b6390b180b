import { rmSync } from 'node:fs'

import { simUrl, testKey } from '@/playwright.config'
import { newDataDir, startApp } from '@/tests/e2e/support/app-instance'
import { auditLinesOf } from '@/tests/e2e/support/audit-lines'
import { simulatorEnv } from '@/tools/harness/app'
import type { Output } from '@/tools/harness/child'
import type { OidcServer } from '@/tools/harness/oidc-provider'
import { signInEnv } from '@/tools/harness/sign-in'

/*
 * A Verity instance with sign-in ENABLED, from the production build (`.next`, or the directory in
 * AUTH_TEST_DIST_DIR), on the suite's simulator, with an embedded store of its own. Its port is
 * chosen by the caller because the provider must know the redirect URI first.
 */

export const SESSION_SECRET = 'e2e-session-secret-that-is-long-enough-0123456789'
export const AUDIT_HMAC_KEY = 'e2e-audit-hmac-key-of-the-sign-in-instance-0123'

export type AuthApp = {
  url: string
  dataDir: string
  /** The audit records it wrote to standard output so far. */
  auditLines: () => ReturnType<typeof auditLinesOf>
  logs: () => string
  /** Stops the server and keeps its data directory (for the command-line tools). */
  stopServer: () => Promise<void>
  stop: () => Promise<void>
}

export async function startAuthApp(
  port: number,
  oidc: Pick<OidcServer, 'issuer' | 'clientId' | 'clientSecret'>,
  extra: Record<string, string> = {},
  output: Output = 'memory',
): Promise<AuthApp> {
  const dataDir = newDataDir('verity-auth-e2e-')
  const app = await startApp(
    {
      NODE_ENV: 'production',
      NEXT_DIST_DIR: process.env.AUTH_TEST_DIST_DIR ?? process.env.NEXT_DIST_DIR ?? '.next',
      ...simulatorEnv(simUrl, testKey),
      ...signInEnv(oidc, { sessionSecret: SESSION_SECRET, auditHmacKey: AUDIT_HMAC_KEY }),
      AUTH_ALLOWED_GROUPS: 'aml-analysts',
      SESSION_MAX_AGE_S: '3600',
      VERITY_DATA_DIR: dataDir,
      PII_MASKING: 'on',
      ...extra,
    },
    port,
    60_000,
    output,
  )
  return {
    url: app.url,
    dataDir,
    auditLines: () => auditLinesOf(app.logs()),
    logs: app.logs,
    stopServer: app.stop,
    stop: () => app.stop().finally(() => rmSync(dataDir, { recursive: true, force: true })),
  }
}
