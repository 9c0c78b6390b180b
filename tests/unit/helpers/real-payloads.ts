import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The provider's example payloads, in `shared/` beside the repository (see its README), or where
 * `REAL_PAYLOADS_DIR` says. Tests run from the repository root.
 */
export const REAL_PAYLOADS_DIR = path.resolve(
  process.env.REAL_PAYLOADS_DIR || path.resolve(process.cwd(), '../shared/real-payloads'),
)

// A checkout cloned elsewhere failed 28 tests on a bare ENOENT; this says what is missing instead.
if (!existsSync(REAL_PAYLOADS_DIR)) {
  throw new Error(
    `The provider's example payloads are not at ${REAL_PAYLOADS_DIR}: the tests read them from ` +
      '../shared/real-payloads beside the checkout, or from REAL_PAYLOADS_DIR.',
  )
}

/** One example file, parsed as JSON and not yet validated. */
export function loadRealPayload(name: string): unknown {
  return JSON.parse(readFileSync(path.join(REAL_PAYLOADS_DIR, name), 'utf8'))
}

/** jsdom has no layout: virtualized lists see zero-height rows and render them all. */
export function stubLayout() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.scrollTo = () => undefined
}
