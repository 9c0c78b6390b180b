import { readFileSync } from 'node:fs'

import { expect, type Page } from '@playwright/test'

import { signedInLog, signedInPort, signedInProviderPort } from '@/playwright.config'
import { auditLinesOf } from '@/tests/e2e/support/audit-lines'
import { signInAs } from '@/tools/harness/sign-in'

/*
 * The suite's one instance with sign-in on (support/signed-in-setup.ts starts it once per run, with
 * the test provider), for the files that only need sign-in. Files use it side by side, so each
 * signs in as accounts no other file uses there (tools/harness/oidc-provider.ts) and reads only
 * those accounts' audit lines.
 */

export const signedInUrl = `http://127.0.0.1:${signedInPort}`
/** The test provider, whose address is the issuer part of an analyst's id. */
export const signedInIssuer = `http://127.0.0.1:${signedInProviderPort}`

/** Waits for the instance, which the run starts in the background: call it in `beforeAll`. */
export async function signedInReady(timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const ok = await fetch(`${signedInUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return
    if (Date.now() > deadline) {
      throw new Error(
        `The signed-in instance did not answer on ${signedInUrl} in ${timeoutMs / 1000} s (its start is in the run's output)`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/** What the instance printed so far, up to its last whole line. */
export function signedInLogs() {
  let text: string
  try {
    text = readFileSync(signedInLog, 'utf8')
  } catch {
    return ''
  }
  return text.slice(0, text.lastIndexOf('\n') + 1)
}

/** The audit records of these analysts (by e-mail address), in order. */
export function signedInAuditLines(...users: string[]) {
  return auditLinesOf(signedInLogs()).filter((line) => users.includes(String(line.user)))
}

/** Opens `path` on the instance, signs in as `login` there and waits to be back on it. */
export async function openSignedIn(page: Page, login: string, path: string) {
  await page.goto(`${signedInUrl}${path}`)
  await signInAs(page, login)
  await expect(page).toHaveURL(`${signedInUrl}${path}`)
}
