import { chromium, type Browser } from '@playwright/test'

import { signInAnalyst, type Session } from '@/tools/harness/sign-in'

/* Debian's Chromium, offline: every host name but the loopback address fails to resolve. */

export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'

export const offlineFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
]

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromePath, args: offlineFlags })
}

/** A signed-in analyst's session, from a browser opened for it and closed again. */
export async function signedInSession(appUrl: string): Promise<Session> {
  const browser = await launchBrowser()
  try {
    return await signInAnalyst(browser, appUrl)
  } finally {
    await browser.close()
  }
}
