import 'server-only'

import { auditRead } from '@/lib/audit/record'
import { requireViewer } from '@/lib/auth/session'
import {
  entryOf,
  newestSettles,
  rememberedRows,
  reopeningsOf,
  searchDecisionRows,
} from '@/lib/review/decision-queries'
import {
  reviewState,
  reviewViewer,
  type DecisionEntry,
  type Decision,
  type MatchChange,
  type MatchDecisions,
  type MatchReviewState,
  type Reopening,
  type ReviewCounts,
  type SearchDecisions,
} from '@/lib/review/decision-rules'
import { knownApplicant } from '@/lib/review/decision-subject'
import type { SubjectSource } from '@/lib/review/subject'
import { getStore } from '@/lib/store/store'

/*
 * Reading analysts' decisions on the matches of AML reports (recording one:
 * lib/review/record-decision.ts; the request contract: lib/review/decision-request.ts). Reading
 * a report's decisions is audited.
 */

function countsOf(states: Iterable<MatchReviewState>): ReviewCounts {
  const counts = { reviewed: 0, awaitingSecond: 0 }
  for (const state of states) {
    if (state.status === 'unreviewed') continue
    counts.reviewed += 1
    if (state.status === 'awaiting_second') counts.awaitingSecond += 1
  }
  return counts
}

/**
 * Every decision of one report, and the applicant's decisions in other reports. `poll` is the
 * browser's own request, which never looks the subject up in the webhook history.
 */
export async function decisionsForSearch(
  searchId: string,
  subject: SubjectSource | null,
  { poll = false }: { poll?: boolean } = {},
): Promise<SearchDecisions> {
  const viewer = await requireViewer()
  const id = searchId.toLowerCase()
  const applicantId = subject ? await knownApplicant(id, subject, poll) : null
  await auditRead(viewer, { type: 'aml_search', id }, 'decisions')
  const { db } = await getStore()
  const matches: Record<string, MatchDecisions> = {}
  for (const row of await searchDecisionRows(db, id)) {
    const match = (matches[row.match_uuid] ??= { state: { status: 'unreviewed' }, history: [] })
    match.history.push(entryOf(row))
  }
  for (const match of Object.values(matches)) match.state = reviewState(match.history)

  const remembered: Record<string, DecisionEntry> = {}
  if (applicantId) {
    for (const row of await rememberedRows(db, applicantId, id)) {
      remembered[row.match_uuid] = entryOf(row)
    }
  }
  const reopened: Record<string, Reopening> = {}
  for (const row of await reopeningsOf(db, id)) {
    reopened[row.match_uuid] = {
      decisionId: row.id,
      decision: row.decision as Decision,
      user: row.user_label,
      decidedAt: row.at.toISOString(),
      changes: row.changes as MatchChange[],
    }
  }
  return {
    matches,
    remembered,
    reopened,
    counts: countsOf(Object.values(matches).map((match) => match.state)),
    viewer: reviewViewer(viewer),
    applicantId,
  }
}

/** Reviewed and awaiting matches of several reports in one query (the triage list). */
export async function reviewCounts(searchIds: string[]): Promise<Map<string, ReviewCounts>> {
  const result = new Map(searchIds.map((id) => [id, { reviewed: 0, awaitingSecond: 0 }]))
  if (searchIds.length === 0) return result
  const byLower = new Map(searchIds.map((id) => [id.toLowerCase(), id]))
  const { db } = await getStore()
  for (const row of await newestSettles(db, [...byLower.keys()])) {
    const counts = result.get(byLower.get(row.search_id) ?? row.search_id)
    if (!counts) continue
    counts.reviewed += 1
    if (!row.settles) counts.awaitingSecond += 1
  }
  return result
}
