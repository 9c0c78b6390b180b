import 'server-only'

import { sql, type Kysely } from 'kysely'

import { auditWork } from '@/lib/audit/record'
import type { Viewer } from '@/lib/auth/viewer'
import { getEnv } from '@/lib/env'
import { seedDemoReport } from '@/lib/fiu-reports/demo'
import type { Database } from '@/lib/store/schema'

import { autoAssign } from './auto-assign'
import { seedDemoCases } from './demo'
import { seedDemoWork } from './demo-work'
import { slaHours } from './settings'

/** Who makes cases: the audit trail names the mirror, not an analyst. */
export const MIRROR_ACTOR: Viewer = {
  iss: 'verity:system',
  sub: 'history-mirror',
  email: null,
  name: 'history mirror',
  groups: [],
}

/*
 * A queue item is a screening of High or Medium risk with matches, or a verification whose status
 * is failed (as the home page's triage reads them). One case per AML report or verification: the
 * newest record of it names the case's record and applicant.
 */
const QUEUE_ITEM = sql`(
  (h.event_type = 'AML_SCREENING' and h.search_uuid is not null and h.match_count > 0
    and h.risk in ('High', 'Medium'))
  or (h.event_type = 'DOCVER' and h.short_id is not null and h.status = 'failed')
)`

/** A case just made, to be audited. */
export type MadeCase = { case_id: number; resource_type: string; resource_id: string }

/**
 * Makes a case, with its `created` event, for every queue item in the mirror that has none yet
 * (only among `recordIds` when given: the page just stored), in one statement, in the caller's
 * transaction when it has one (the mirror's page: its records and their cases commit together).
 * Idempotent, and safe on two instances at once: the unique (resource_type, resource_id) lets one
 * insert win and the other do nothing. A case carries its record's facts from the start (migration
 * 0017), which the record just read already holds, and its clock and due date count from the
 * record's time (migration 0024).
 */
export async function makeCases(
  db: Kysely<Database>,
  recordIds?: readonly string[],
  now = new Date(),
): Promise<MadeCase[]> {
  if (recordIds?.length === 0) return []
  const sla = slaHours()
  const env = getEnv()
  // The demo's team history makes each case as a mirror syncing live would have: when its record
  // arrived, not when the demo's backfill met it.
  const madeAt =
    env.VERITY_DEMO && env.VERITY_DEMO_WORK
      ? sql`least(${now}::timestamptz, items.at + interval '2 minutes')`
      : sql`${now}::timestamptz`
  // The case clock (migration 0024) starts at the record's time: a backfill meets old work late.
  const clock = sql`least(items.at, ${now}::timestamptz)`
  const only = recordIds ? sql`and h.id = any(${[...recordIds]}::text[])` : sql``
  const result = await sql<MadeCase>`
    with items as (
      select distinct on (resource_type, resource_id) * from (
        select
          case when h.event_type = 'AML_SCREENING' then 'screening' else 'failed_verification' end as kind,
          case when h.event_type = 'AML_SCREENING' then 'aml_search' else 'verification' end as resource_type,
          case when h.event_type = 'AML_SCREENING' then lower(h.search_uuid) else h.short_id end as resource_id,
          h.id as record_id, h.applicant_id, h.at, h.webhook_id, h.is_sandbox,
          case when h.event_type = 'AML_SCREENING' then h.risk end as risk
        from history_records h
        where ${QUEUE_ITEM} ${only}
      ) found
      order by resource_type, resource_id, at desc nulls last, record_id
    ),
    made as (
      insert into cases (kind, resource_type, resource_id, record_id, applicant_id, risk, priority,
        due_at, created_at, updated_at, record_at, record_webhook_id, record_is_sandbox, clock_at)
      select kind, resource_type, resource_id, record_id, applicant_id, risk,
        case when risk = 'High' then 3 when kind = 'failed_verification' then 2 else 1 end,
        ${clock} + make_interval(hours => case
          when risk = 'High' then ${sla.High}::int
          when kind = 'failed_verification' then ${sla.failed_verification}::int
          else ${sla.Medium}::int end),
        ${madeAt}, ${madeAt}, at, webhook_id, is_sandbox, ${clock}
      from items
      where not exists (select 1 from cases c
        where c.resource_type = items.resource_type and c.resource_id = items.resource_id)
      on conflict (resource_type, resource_id) do nothing
      returning id, resource_type, resource_id, created_at
    ),
    logged as (
      insert into case_events (case_id, kind, user_label, to_state, at)
      select id, 'created', ${MIRROR_ACTOR.name}, 'open', created_at from made
    )
    select id as case_id, resource_type, resource_id from made order by id`.execute(db)
  return result.rows
}

/**
 * Audits the cases made, assigns them when CASE_AUTO_ASSIGN is on and, in the demo, gives new ones
 * a history; returns their ids.
 */
export async function announceCases(
  db: Kysely<Database>,
  made: readonly MadeCase[],
  now = new Date(),
): Promise<number[]> {
  await auditWork(
    MIRROR_ACTOR,
    'case',
    made.map((row) => ({
      resource: { type: 'case', id: String(row.case_id) },
      outcome: 'ok',
      field: 'created',
      reason: `${row.resource_type} ${row.resource_id}`,
    })),
  )
  await autoAssign(
    db,
    made.map((row) => row.case_id),
    now,
  )
  const env = getEnv()
  if (made.length > 0 && env.VERITY_DEMO) {
    await (env.VERITY_DEMO_WORK ? seedDemoWork : seedDemoCases)(db, now)
    // The demo's report to the FIU, once a true-match case of its team history exists.
    if (env.VERITY_DEMO_WORK) {
      await seedDemoReport(db, now).catch((error: unknown) =>
        console.error(
          JSON.stringify({
            level: 'error',
            msg: 'demo report not drafted',
            error: error instanceof Error ? error.message : 'unknown',
          }),
        ),
      )
    }
  }
  return made.map((row) => row.case_id)
}

/** Makes the cases of new queue items and audits them; returns the ids of the cases made. */
export async function createCasesForNewRecords(
  db: Kysely<Database>,
  recordIds?: readonly string[],
  now = new Date(),
): Promise<number[]> {
  return announceCases(db, await makeCases(db, recordIds, now), now)
}
