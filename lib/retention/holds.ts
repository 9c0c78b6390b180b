import 'server-only'

import { sql, type Kysely } from 'kysely'

import type { Database } from '@/lib/store/schema'

import type { HoldView } from './contract'
import { retentionSettings } from './settings'

/*
 * What keeps an applicant from erasure whatever its clock says: each rule one query over a list of
 * applicants, answering the holds of those it holds. A new kind of hold is one more entry of
 * HOLD_RULES: the run, the applicant page, /retention and the erasure requests all ask through
 * `holdsOf`.
 */

export type HoldRule = {
  kind: string
  held: (
    db: Kysely<Database>,
    applicantIds: readonly string[],
    today: string,
  ) => Promise<Map<string, HoldView[]>>
}

function grouped<T extends { applicant_id: string }>(rows: T[], view: (row: T) => HoldView) {
  const map = new Map<string, HoldView[]>()
  for (const row of rows)
    map.set(row.applicant_id, [...(map.get(row.applicant_id) ?? []), view(row)])
  return map
}

/** A case not closed: its work needs the records. */
const openCases: HoldRule = {
  kind: 'open_case',
  async held(db, applicantIds) {
    const rows = await db
      .selectFrom('cases')
      .select(['applicant_id', 'id', 'state'])
      .where('applicant_id', 'in', applicantIds)
      .where('state', '!=', 'closed')
      .orderBy('id')
      .execute()
    return grouped(
      rows.flatMap((row) => (row.applicant_id ? [{ ...row, applicant_id: row.applicant_id }] : [])),
      (row) => ({ kind: 'open_case', detail: `case ${row.id} is ${row.state.replace('_', ' ')}` }),
    )
  },
}

/** A lead's legal hold, until lifted or past its last day. */
const legalHolds: HoldRule = {
  kind: 'legal_hold',
  async held(db, applicantIds, today) {
    const rows = await db
      .selectFrom('retention_holds')
      .selectAll()
      .where('applicant_id', 'in', applicantIds)
      .where('lifted_at', 'is', null)
      .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>=', today)]))
      .orderBy('id')
      .execute()
    return grouped(rows, (row) => ({
      kind: 'legal_hold',
      detail: `legal hold: ${row.reason}`,
      holdId: row.id,
      since: row.placed_at.toISOString(),
      until: row.until,
      by: row.placed_by,
    }))
  },
}

/**
 * A report to the FIU about one of the applicant's cases not yet filed, or filed less than the
 * retention period ago (AMLD Art. 40 keeps what supports a report as long as any other record).
 * Confidential: only leads are shown it (applicantRetention).
 */
const fiuReports: HoldRule = {
  kind: 'fiu_report',
  async held(db, applicantIds, today) {
    const since = new Date(`${today}T00:00:00Z`)
    since.setUTCDate(since.getUTCDate() - retentionSettings().days)
    const rows = await db
      .selectFrom('fiu_reports')
      .innerJoin('cases', 'cases.id', 'fiu_reports.case_id')
      .select(['cases.applicant_id', 'fiu_reports.id', 'fiu_reports.state', 'fiu_reports.filed_at'])
      .where('cases.applicant_id', 'in', applicantIds)
      .where((eb) =>
        eb.or([eb('fiu_reports.filed_at', 'is', null), eb('fiu_reports.filed_at', '>', since)]),
      )
      .orderBy('fiu_reports.id')
      .execute()
    return grouped(
      rows.flatMap((row) => (row.applicant_id ? [{ ...row, applicant_id: row.applicant_id }] : [])),
      (row) => ({
        kind: 'fiu_report',
        detail: row.filed_at
          ? `report ${row.id} to the FIU was filed on ${row.filed_at.toISOString().slice(0, 10)}`
          : `report ${row.id} to the FIU is ${row.state.replace('_', ' ')}, not yet filed`,
      }),
    )
  },
}

export const HOLD_RULES: readonly HoldRule[] = [openCases, legalHolds, fiuReports]

/** The holds of each applicant held (absent: not held). */
export async function holdsOf(
  db: Kysely<Database>,
  applicantIds: readonly string[],
  today: string,
): Promise<Map<string, HoldView[]>> {
  const holds = new Map<string, HoldView[]>()
  for (let at = 0; at < applicantIds.length; at += CHUNK) {
    const chunk = applicantIds.slice(at, at + CHUNK)
    for (const rule of HOLD_RULES) {
      for (const [id, found] of await rule.held(db, chunk, today)) {
        holds.set(id, [...(holds.get(id) ?? []), ...found])
      }
    }
  }
  return holds
}

// Kysely sends `in` lists as one parameter each; PostgreSQL takes at most 65,535 per statement.
const CHUNK = 5_000

/** Open legal holds across all applicants, newest first, for /retention. */
export async function openLegalHolds(db: Kysely<Database>, today: string, limit = 200) {
  return db
    .selectFrom('retention_holds')
    .selectAll()
    .where('lifted_at', 'is', null)
    .where(sql<boolean>`(until is null or until >= ${today})`)
    .orderBy('placed_at', 'desc')
    .limit(limit)
    .execute()
}
