import type { Page } from '@playwright/test'

/**
 * Opens `path` with the page's scripts held back: the server's HTML shows, but React has not
 * hydrated it, as on a slow connection. Returns the function that lets the scripts through.
 */
export async function openBeforeHydration(page: Page, path: string) {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  // Scripts only: the stylesheets live beside them and would hold back the page itself.
  const isScript = (url: URL) =>
    url.pathname.startsWith('/_next/static/') && url.pathname.endsWith('.js')
  await page.route(isScript, async (route) => {
    await released
    await route.continue()
  })
  await page.goto(path, { waitUntil: 'commit' })
  return release
}
