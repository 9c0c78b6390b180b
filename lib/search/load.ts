import 'server-only'

import { redirect } from 'next/navigation'

import { audit } from '@/lib/audit/record'
import { getViewer } from '@/lib/auth/session'
import { readMirrorStatus, type MirrorStatus } from '@/lib/history-mirror/status'
import { amlReportPath, applicantPath, signInPath, verificationPath } from '@/lib/routes'
import { getStore } from '@/lib/store/store'

import { searchIds, searchNames, type SearchHit, type SearchResult } from './mirror'
import { submitted } from './submitted'

export type SearchLoad = {
  query: string
  /** Records carrying the query as an id, then screenings by name. */
  ids: SearchResult
  names: SearchResult
  mirror: MirrorStatus
}

/**
 * The /search page's read. An exact id opens its record at once (a redirect): what needs no lookup
 * before anything is read, then what the mirror holds under that id; a bare UUID the mirror does
 * not know goes to the home page's box, which asks the upstream whether it is a profile or an AML
 * report, and a bare short id that matches nothing opens as a verification, as before the mirror.
 */
export async function loadSearchPage(raw: string): Promise<SearchLoad> {
  const plan = submitted(raw)
  if (plan.kind !== 'search') redirect(plan.path)
  const viewer = await getViewer()
  if (!viewer) redirect(signInPath)
  // The query itself may be a person's name: the trail records that a search was made, not what.
  await audit(viewer, 'view', { type: 'history_search', id: null }, 'ok')
  const { db } = await getStore()
  const ids = await searchIds(db, plan.id)
  const exact = exactPath(ids.hits)
  if (exact) redirect(exact)
  const [names, mirror] = await Promise.all([searchNames(db, plan.query), readMirrorStatus()])
  if (ids.hits.length === 0 && names.hits.length === 0) {
    if (plan.shortId) redirect(verificationPath(plan.shortId))
    if (plan.uuid) redirect(`/?q=${encodeURIComponent(plan.query)}`)
  }
  return { query: plan.query, ids, names, mirror }
}

/** Where every hit of an exact id leads, when that is one place: a report, a verification, an applicant. */
function exactPath(hits: readonly SearchHit[]): string | null {
  const [newest] = hits
  if (!newest) return null
  const places = new Set(hits.map((hit) => pathOf(hit, false)))
  if (places.size !== 1) return null
  return pathOf(newest, true)
}

/** A report opens with the newest screening as its subject, so it compares the matches with it. */
function pathOf(hit: SearchHit, withSubject: boolean): string | null {
  switch (hit.matchedBy) {
    case 'search':
    case 'screening':
      if (!hit.searchUuid) return null
      return amlReportPath(hit.searchUuid, withSubject ? hit.subject : null)
    case 'verification':
      return hit.shortId ? verificationPath(hit.shortId) : null
    case 'applicant':
      return hit.applicantId ? applicantPath(hit.applicantId) : null
    default:
      return null
  }
}
