import 'server-only'

import { subjectParam, type SubjectSource } from '@/lib/review/subject'
import { getStore } from '@/lib/store/store'

/*
 * Whether a subject is linked to an AML report, and its applicant, looked up once and remembered:
 * a link never changes, and a failed lookup (a record the history window does not hold, a subject
 * of another report) is not made again on every page load or poll, each of which read up to ten
 * pages of webhook history and wrote an audit row per page. Remembered per process, like the
 * circuit; other instances only look it up themselves. The history mirror (history_records), when
 * it holds the screening record, answers with one query instead of the history.
 */

export type SubjectLink =
  | { ok: true; applicantId: string | null }
  | { ok: false; reason: 'not_found' | 'not_linked' }

/** A link never changes; a record not found may come into the window or the mirror later. */
const LINKED_TTL_MS = 8 * 3600_000
const FAILED_TTL_MS = 10 * 60_000
const KEPT = 1_000

type Kept = Map<string, { link: SubjectLink; until: number }>

// Per process: the page and the route handler that polls may be different bundles.
const LINKS = Symbol.for('verity.subject-links')
const shared = globalThis as typeof globalThis & { [LINKS]?: Kept }

const keyOf = (searchId: string, source: SubjectSource) =>
  `${searchId.toLowerCase()} ${subjectParam(source)}`

export function rememberedLink(searchId: string, source: SubjectSource): SubjectLink | null {
  const kept = shared[LINKS]?.get(keyOf(searchId, source))
  return kept && kept.until > Date.now() ? kept.link : null
}

export function rememberLink(searchId: string, source: SubjectSource, link: SubjectLink) {
  const kept = (shared[LINKS] ??= new Map())
  const key = keyOf(searchId, source)
  kept.delete(key)
  // The oldest entry goes first: a Map iterates in insertion order.
  if (kept.size >= KEPT) kept.delete(kept.keys().next().value ?? '')
  kept.set(key, { link, until: Date.now() + (link.ok ? LINKED_TTL_MS : FAILED_TTL_MS) })
}

/** What the history mirror says of a screening record, or null when it has no row for it yet. */
export async function mirroredLink(
  searchId: string,
  recordId: string,
): Promise<SubjectLink | null> {
  const { db } = await getStore()
  const row = await db
    .selectFrom('history_records')
    .select(['event_type', 'search_uuid', 'applicant_id'])
    .where('id', '=', recordId)
    .executeTakeFirst()
  if (!row) return null
  if (
    row.event_type !== 'AML_SCREENING' ||
    row.search_uuid?.toLowerCase() !== searchId.toLowerCase()
  ) {
    return { ok: false, reason: 'not_linked' }
  }
  return { ok: true, applicantId: row.applicant_id }
}
