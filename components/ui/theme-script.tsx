/** Where the analyst's choice is kept; absent means "follow the system". */
export const THEME_KEY = 'verity:theme'

/*
 * Runs in <head> before the first paint, so a dark-mode analyst never sees a white flash: the
 * stored choice, or the system's when there is none. A constant: it never contains data.
 */
const themeScript = `(function(){try{var t=localStorage.getItem(${JSON.stringify(THEME_KEY)});var d=t==='dark'||(t!=='light'&&window.matchMedia('(prefers-color-scheme: dark)').matches);document.documentElement.classList.toggle('dark',d)}catch(e){}})()`

/** The nonce is the page's CSP nonce: inline scripts run only with it. */
export function ThemeScript({ nonce }: { nonce: string | undefined }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScript }} />
}
