import { beforeEach } from 'vitest'

/*
 * Every test starts like a freshly started server: the upstream circuit closed and no health probe
 * (nor the mirror's health) cached. Both live on globalThis (every route bundle shares them), so resetting the module
 * registry does not clear them, and a test that makes the upstream fail would otherwise open the
 * circuit for the tests after it.
 */
const SHARED_STATE = ['verity.upstream-circuit', 'verity.upstream-probe', 'verity.mirror-health']

beforeEach(() => {
  for (const key of SHARED_STATE) delete (globalThis as Record<symbol, unknown>)[Symbol.for(key)]
})
