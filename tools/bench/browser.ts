import { chromium, type Browser } from '@playwright/test'

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
