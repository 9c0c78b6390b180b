import 'server-only'

import { sql, type Kysely } from 'kysely'

import { auditWork } from '@/lib/audit/record'
import type { Database } from '@/lib/store/schema'

import { insertCaseEvent } from './events'
import { escalationSettings } from './settings'
import { SYSTEM_ACTOR, SYSTEM_ID } from './system-actor'

/*
 * CASE_ESCALATE=on: a case still not closed CASE_ESCALATE_AFTER_HOURS past its due date is
 * escalated by Verity, its owner kept, so it shows in the Escalated view for a lead. Once per case:
 * an analyst who resumes it keeps it in review. A case waiting on the customer is left alone while
 * its snooze lasts. The history mirror's lease holder runs it after each poll; `skip locked` and
 * the state condition make it atomic on any number of instances (a case is escalated by one).
 */

const BATCH = 500

/** Escalates the cases overdue by the setting's hours; the ids escalated. */
export async function escalateOverdue(db: Kysely<Database>, now = new Date()): Promise<number[]> {
  const settings = escalationSettings()
  if (!settings.on) return []
  const late = new Date(now.getTime() - settings.afterHours * 3_600_000)
  const reason = `${settings.afterHours} h past its due date`
  const escalated = await db.transaction().execute(async (trx) => {
    const result = await sql<{ id: number; from_state: string }>`
      update cases c set state = 'escalated', snoozed_until = null, updated_at = ${now},
        version = c.version + 1
      from (
        select id, state from cases
        where state in ('open', 'in_review', 'waiting') and due_at < ${late}
          and not (state = 'waiting' and snoozed_until is not null and snoozed_until > ${now})
          and not exists (select 1 from case_events e
            where e.case_id = cases.id and e.kind = 'escalated' and e.analyst_id = ${SYSTEM_ID})
        order by due_at, id
        limit ${BATCH}
        for update skip locked
      ) due
      where c.id = due.id and c.state = due.state
      returning c.id, due.state as from_state`.execute(trx)
    for (const row of result.rows) {
      await insertCaseEvent(
        trx,
        SYSTEM_ACTOR,
        {
          case_id: row.id,
          kind: 'escalated',
          from_state: row.from_state,
          to_state: 'escalated',
          reason,
        },
        now,
      )
    }
    return result.rows.map((row) => row.id)
  })
  await auditWork(
    SYSTEM_ACTOR,
    'case',
    escalated.map((id) => ({
      resource: { type: 'case', id: String(id) },
      outcome: 'ok',
      field: 'escalated',
      reason: `escalated: ${reason}`,
    })),
  )
  return escalated
}
