import 'server-only'

import { sql, type Kysely } from 'kysely'

import { decisionCounts } from '@/lib/review/decision-counts-sql'
import type { CaseEventRow, CaseRow, Database } from '@/lib/store/schema'

import type { Analyst, CaseEvent, CaseListItem, CaseSummary } from './types'

/* Reading cases, their events and the analysts who can own them. */

type Db = Kysely<Database>

/** A case as read with its applicant's name (`caseName`). */
export type NamedCaseRow = CaseRow & { name: string | null }

/**
 * The applicant's name beside a case: the requested name of the case's record, or else the newest
 * name the applicant was screened under (a verification's record names nobody). Names are shown
 * unmasked in lists, as in search (lib/projection/mask-rules.ts).
 */
export const caseName = sql<string | null>`coalesce(
  (select h.requested_name from history_records h where h.id = cases.record_id),
  (select h.requested_name from history_records h
    where cases.applicant_id is not null and h.applicant_id = cases.applicant_id
      and h.requested_name is not null
    order by h.at desc nulls last limit 1)
)`

/**
 * A screening case's matches, how many have a decision and how many of those await a second
 * analyst (lib/review/decision-counts-sql.ts, the one count the applicant page uses too); null for
 * a verification.
 */
const caseMatches = sql<number | null>`(case when cases.kind = 'screening' then
  (select h.match_count from history_records h where h.id = cases.record_id) end)`
const counted = (column: 'reviewed' | 'awaiting') =>
  sql<number | null>`(case when cases.kind = 'screening' then
    (select counted.${sql.ref(column)} from ${decisionCounts(sql.ref('cases.resource_id'))} counted) end)`

/** The columns a listed case adds to its row (`listItemOf`). */
export const listColumns = [
  caseMatches.as('matches'),
  counted('reviewed').as('reviewed'),
  counted('awaiting').as('awaiting'),
] as const

export function listItemOf(
  row: NamedCaseRow & { matches: number | null; reviewed: number | null; awaiting: number | null },
): CaseListItem {
  return {
    ...summaryOf(row),
    matches: row.matches,
    reviewed: row.reviewed,
    awaiting: row.awaiting,
  }
}

export function summaryOf(row: NamedCaseRow): CaseSummary {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    resourceType: row.resource_type,
    resourceId: row.resource_id,
    recordId: row.record_id,
    risk: row.risk,
    state: row.state,
    ownerId: row.owner_id,
    ownerLabel: row.owner_label,
    dueAt: row.due_at.toISOString(),
    snoozedUntil: row.snoozed_until?.toISOString() ?? null,
    outcome: row.outcome,
    closeReason: row.close_reason,
    proposal:
      row.state === 'awaiting_closure' && row.proposed_outcome && row.proposed_by
        ? {
            outcome: row.proposed_outcome,
            reason: row.proposed_reason ?? '',
            byId: row.proposed_by,
            byLabel: row.proposed_by_label ?? row.proposed_by,
            at: (row.proposed_at ?? row.updated_at).toISOString(),
          }
        : null,
    createdAt: row.created_at.toISOString(),
    since: row.clock_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }
}

function eventOf(row: CaseEventRow): CaseEvent {
  return {
    id: row.id,
    kind: row.kind,
    user: row.user_label,
    fromState: row.from_state,
    toState: row.to_state,
    ownerLabel: row.owner_label,
    outcome: row.outcome,
    reason: row.reason,
    until: row.until?.toISOString() ?? null,
    reportId: row.fiu_report_id,
    at: row.at.toISOString(),
  }
}

export function caseRow(db: Db, id: number): Promise<NamedCaseRow | undefined> {
  return db
    .selectFrom('cases')
    .selectAll()
    .select(caseName.as('name'))
    .where('id', '=', id)
    .executeTakeFirst()
}

/** The case of an AML report (ids compared in lower case) or of a verification, if any. */
export function caseRowFor(
  db: Db,
  type: 'aml_search' | 'verification',
  id: string,
): Promise<NamedCaseRow | undefined> {
  return db
    .selectFrom('cases')
    .selectAll()
    .select(caseName.as('name'))
    .where('resource_type', '=', type)
    .where('resource_id', '=', type === 'aml_search' ? id.toLowerCase() : id)
    .executeTakeFirst()
}

/**
 * Who reads a case's log, for its lines about reports to the FIU: a lead sees them all, anyone else
 * those of the reports they drafted (tipping-off rules, docs/reports.md); `null` sees none.
 */
export type ReportSeer = { id: string; lead: boolean } | null

/**
 * A case's log as `seer` may read it. Every reader of `case_events` that shows lines to someone
 * filters them so (the case page and API, the evidence pack; the exam pack leaves them all out).
 */
export async function caseEvents(db: Db, caseId: number, seer: ReportSeer): Promise<CaseEvent[]> {
  const rows = await db
    .selectFrom('case_events')
    .selectAll()
    .where('case_id', '=', caseId)
    .where((eb) =>
      seer?.lead
        ? eb.lit(true)
        : eb.or([
            eb('fiu_report_id', 'is', null),
            ...(seer
              ? [
                  eb(
                    'fiu_report_id',
                    'in',
                    eb.selectFrom('fiu_reports').select('id').where('drafter_id', '=', seer.id),
                  ),
                ]
              : []),
          ]),
    )
    .orderBy('id')
    .execute()
  return rows.map(eventOf)
}

/**
 * Who a lead can assign to: everyone who has signed in (their newest label), and every owner of a
 * case (the demo's made-up analysts have never signed in).
 */
export async function knownAnalysts(db: Db): Promise<Analyst[]> {
  const result = await sql<{ id: string; label: string }>`
    select distinct on (id) id, label from (
      select (viewer->>'iss') || ' ' || (viewer->>'sub') as id, user_label as label, last_seen_at as at
        from sessions where viewer ? 'iss'
      union all
      select owner_id, owner_label, updated_at from cases where owner_id is not null
    ) found
    order by id, at desc`.execute(db)
  return result.rows.sort((a, b) => a.label.localeCompare(b.label))
}
