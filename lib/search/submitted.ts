import { homePath } from '@/lib/routes'
import { isShortId } from '@/lib/util/ids'

import { recognise, targetPath, type SearchTarget } from './recognise'

/*
 * What /search does with its query before anything is read. The header's form posts there, so
 * Enter works before hydration, and the hydrated box sends names and bare short ids there too.
 */

export type Submitted =
  /** Opens at once: an address or prefixed id that needs no lookup. */
  | { kind: 'open'; path: string }
  /** A UUID or profile link: the home page's search box looks it up as profile and AML report. */
  | { kind: 'home'; path: string }
  /**
   * Looked for in the mirror: ids first, then names. When nothing is found, `shortId` opens as a
   * verification and `uuid` is looked up as profile and AML report, as before the mirror.
   */
  | { kind: 'search'; query: string; id: string; shortId: string | null; uuid: boolean }

export function submitted(raw: string): Submitted {
  const input = raw.trim()
  const target = recognise(input)
  if (target.kind === 'empty') return { kind: 'open', path: homePath }
  const bare = bareShortId(target, input)
  const path = targetPath(target)
  if (path && !bare) return { kind: 'open', path }
  if (target.kind === 'profile-link')
    return { kind: 'home', path: `/?q=${encodeURIComponent(input)}` }
  return {
    kind: 'search',
    query: input,
    id: target.kind === 'uuid' ? target.id : (bare ?? input),
    shortId: bare,
    uuid: target.kind === 'uuid',
  }
}

/** A short id typed as such (not inside a URL): it may as well be a name or another id. */
function bareShortId(target: SearchTarget, input: string): string | null {
  if (target.kind !== 'verification') return null
  return isShortId(target.shortId) && !input.includes('/') ? target.shortId : null
}
