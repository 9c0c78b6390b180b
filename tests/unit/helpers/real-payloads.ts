import { readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The provider's example payloads, in `shared/` beside the repository (see its README). Tests run
 * from the repository root.
 */
export const REAL_PAYLOADS_DIR = path.resolve(process.cwd(), '../shared/real-payloads')

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
