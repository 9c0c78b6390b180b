import { rmSync } from 'node:fs'

import { signedInLog, signedInPort, signedInProviderPort } from '@/playwright.config'
import { startAuthApp } from '@/tests/e2e/support/auth-app'
import { startOidcProvider } from '@/tools/harness/oidc-provider'

/*
 * Playwright's global setup: the suite's one signed-in instance (support/auth-app.ts: sign-in on,
 * the suite's simulator, its own store copied from the run's template) and the test provider, in
 * the runner's process, started once per run for the files that only need sign-in, instead of an
 * instance and a provider per file. It keeps what those files need: the history mirror (the
 * review's work list and changes), lead groups (the cases) and a reveal limit of 2 a minute (the
 * reveal test; each analyst has a bucket of their own). Its output is printed with the run's,
 * where `npm test` looks for the canary key, and written to a file for the tests to read.
 *
 * It starts in the background: the files that use it wait for it (support/signed-in.ts), the
 * others run meanwhile; a failed start is printed here, and they fail at their deadline.
 */
export default async function startSignedIn() {
  rmSync(signedInLog, { force: true })
  const provider = await startOidcProvider(
    `http://127.0.0.1:${signedInPort}/auth/callback`,
    signedInProviderPort,
  )
  const app = startAuthApp(
    signedInPort,
    provider,
    { HISTORY_SYNC: 'on', AUTH_LEAD_GROUPS: 'aml-leads', REVEAL_LIMIT_PER_MINUTE: '2' },
    { teeTo: signedInLog },
  )
  app.catch((error: unknown) =>
    console.error(`The suite's signed-in instance did not start: ${String(error)}`),
  )
  return async () => {
    await (await app.catch(() => null))?.stop()
    await provider.stop()
    rmSync(signedInLog, { force: true })
  }
}
