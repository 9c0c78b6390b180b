import { afterAll, beforeAll, vi } from 'vitest'

import type { Viewer } from '@/lib/auth/viewer'
import { signInOnEnv } from '@/tests/unit/helpers/auth-settings'
import { stubEnv } from '@/tests/unit/helpers/env'
import { sessionMock } from '@/tests/unit/helpers/session-mock'
import { withAppStore } from '@/tests/unit/helpers/test-store'

/**
 * The app's store of the file's own with sign-in on (so a lead is a group), the session being
 * whoever the returned `signedIn.viewer` names (null: nobody). `vi.doMock` is not hoisted as
 * `vi.mock` is: call this before the modules under test are imported, and import them dynamically
 * (in `beforeAll`), as the files using it do.
 */
export function signedInStore() {
  const signedIn: { viewer: Viewer | null } = { viewer: null }
  vi.doMock('@/lib/auth/session', () => sessionMock(signedIn))
  withAppStore()
  beforeAll(() => stubEnv(signInOnEnv()))
  afterAll(() => vi.unstubAllEnvs())
  return signedIn
}
