import 'server-only'

import type { Kysely } from 'kysely'

import { caseEvents, type NamedCaseRow } from '@/lib/cases/read'
import type { Database } from '@/lib/store/schema'
import { readAmlSearch, readVerification } from '@/lib/upstream/reads'
import type { AmlSearchResult, Verification } from '@/lib/upstream/schemas'

import { matchFact, subjectFromName, subjectFromVerification } from './subject'
import type { CaseFacts } from './template'

/*
 * What Verity knows of a case, for drafting its report and checking the draft's citations: the
 * case's events, its screening's matches (read from the upstream as it lists them now) and the
 * decisions on them, and its applicant's newest verification. Reads go through the guarded,
 * audited path like every other read.
 */

type Db = Kysely<Database>

/** How the upstream is read: through the guarded, audited reads, or (the demo's seed) directly. */
export type FactReads = {
  amlSearch: (searchId: string) => Promise<AmlSearchResult>
  verification: (shortId: string) => Promise<Verification>
}

const guardedReads: FactReads = { amlSearch: readAmlSearch, verification: readVerification }

/** The short id of the applicant's newest verification the mirror holds, if any. */
async function applicantVerification(db: Db, row: NamedCaseRow): Promise<string | null> {
  if (row.resource_type === 'verification') return row.resource_id
  if (!row.applicant_id) return null
  const found = await db
    .selectFrom('history_records')
    .select('short_id')
    .where('applicant_id', '=', row.applicant_id)
    .where('short_id', 'is not', null)
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst()
  return found?.short_id ?? null
}

export async function caseFacts(
  db: Db,
  row: NamedCaseRow,
  reads: FactReads = guardedReads,
): Promise<CaseFacts> {
  const searchId = row.resource_type === 'aml_search' ? row.resource_id : null
  const [events, report, decisions, shortId] = await Promise.all([
    // A report is drafted from the case's work, never from its (or another report's) own lines.
    caseEvents(db, row.id, null),
    searchId ? reads.amlSearch(searchId) : null,
    searchId
      ? db
          .selectFrom('match_decisions')
          .select([
            'id',
            'match_uuid',
            'decision',
            'action',
            'reason',
            'user_label',
            'at',
            'settles',
          ])
          .where('search_id', '=', searchId)
          .orderBy('id')
          .execute()
      : [],
    applicantVerification(db, row),
  ])
  const verification = shortId ? await reads.verification(shortId).catch(() => null) : null
  return {
    caseId: row.id,
    searchId,
    screenedName: row.name,
    subject: verification ? subjectFromVerification(verification) : subjectFromName(row.name),
    subjectSource: verification
      ? `verification ${shortId}`
      : 'the name screened (no verification of the applicant was found)',
    matches: (report?.data ?? []).map(matchFact),
    decisions: decisions.map((decision) => ({
      id: decision.id,
      matchUuid: decision.match_uuid,
      decision: decision.decision,
      action: decision.action,
      reason: decision.reason,
      by: decision.user_label,
      at: decision.at.toISOString(),
      settles: decision.settles,
    })),
    events: events.map((event) => ({
      id: event.id,
      kind: event.kind,
      outcome: event.outcome,
      reason: event.reason,
      by: event.user,
      at: event.at,
    })),
  }
}
