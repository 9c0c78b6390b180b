import 'server-only'

import { sql, type Kysely } from 'kysely'

import { auditWork } from '@/lib/audit/record'
import { SYSTEM_ACTOR } from '@/lib/review/decision-rules'
import { SYSTEM_VIEWER } from '@/lib/review/standing/carry-over'
import type { Database } from '@/lib/store/schema'

import type { MadeCase } from './create'

/*
 * A re-screening that carries only unchanged false positives opens no work: the case just made for
 * its report closes itself as false positive, by Verity, with the carry-over's reason, in the
 * mirror page's transaction (docs/cases.md). Only a case still as made (version 0) is closed.
 */

export type ClosedCase = { caseId: number; reason: string }

export async function closeSettledCases(
  db: Kysely<Database>,
  made: readonly MadeCase[],
  settledReports: ReadonlyMap<string, string>,
  now: Date,
): Promise<ClosedCase[]> {
  const closed: ClosedCase[] = []
  for (const kase of made) {
    const reason = kase.resource_type === 'aml_search' ? settledReports.get(kase.resource_id) : null
    if (!reason) continue
    const { rows } = await sql<{ id: number }>`
      with closed as (
        update cases set state = 'closed', outcome = 'false_positive', close_reason = ${reason},
          snoozed_until = null, updated_at = ${now}, version = version + 1
        where id = ${kase.case_id} and version = 0 and state = 'open'
        returning id
      )
      insert into case_events (case_id, kind, analyst_id, user_label, from_state, to_state,
        outcome, reason, at)
      select id, 'closed', ${SYSTEM_ACTOR.analystId}, ${SYSTEM_ACTOR.label}, 'open', 'closed',
        'false_positive', ${reason}, ${now} from closed
      returning case_id as id`.execute(db)
    if (rows[0]) closed.push({ caseId: kase.case_id, reason })
  }
  return closed
}

/** Audits the cases Verity closed, as any case move is audited. */
export async function announceClosedCases(closed: readonly ClosedCase[]) {
  if (closed.length === 0) return
  await auditWork(
    SYSTEM_VIEWER,
    'case',
    closed.map((row) => ({
      resource: { type: 'case', id: String(row.caseId) },
      outcome: 'ok',
      field: 'closed',
      reason: `closed as false positive: ${row.reason}`,
    })),
  )
}
