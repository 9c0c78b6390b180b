import { AuthRequiredError } from '@/lib/auth/errors'
import type { Viewer } from '@/lib/auth/viewer'

/**
 * What a test's `vi.mock('@/lib/auth/session')` answers: the session of `signedIn.viewer`, which
 * the test sets (null: nobody is signed in), for the callers of getViewer and requireViewer.
 */
export function sessionMock(signedIn: { viewer: Viewer | null }) {
  return {
    getViewer: () => Promise.resolve(signedIn.viewer),
    requireViewer: () =>
      signedIn.viewer ? Promise.resolve(signedIn.viewer) : Promise.reject(new AuthRequiredError()),
  }
}
