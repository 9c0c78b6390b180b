import 'server-only'

import { sql, type Kysely } from 'kysely'

import { rolesOf } from '@/lib/auth/roles'
import { caseName } from '@/lib/cases/read'
import { SYSTEM_ID } from '@/lib/cases/system-actor'
import { REPORT_DUE_SOON_DAYS } from '@/lib/fiu-reports/contract'
import { mirrorHealth } from '@/lib/history-mirror/health'
import type { Database } from '@/lib/store/schema'

import type { NotifyEvent } from './content'

/*
 * The events of the last day, read from the store as it is: every instance may look, and the
 * notifications table's unique key (event, channel, recipient) lets one of them record each message. An
 * event older than a day is not announced (a first start, or a backfill of old history, does not
 * wake the team for what is long past). Keys carry what makes the event new: a due date moved
 * later makes a new "due soon".
 */

type Db = Kysely<Database>

const LOOKBACK_HOURS = 24

export type DetectSettings = { dueSoonHours: number; maxLagSeconds: number }

/*
 * The events of the last day that no message was recorded for yet. Most of a day's events were
 * recorded by an earlier sweep (every open case due within a day is one), and a sweep that named
 * and wrote them all again held the embedded store's one connection for 30–50 ms every 15 s,
 * analysts' requests waiting behind it. An event's messages are recorded together (send.ts), so one
 * row under its key means all were. Names are left to `nameEvents`, for the events that make a
 * message: one whose analyst has no address known makes none, and is looked at again next time.
 */
export async function detectEvents(
  db: Db,
  settings: DetectSettings,
  now = new Date(),
): Promise<NotifyEvent[]> {
  const events = await eventsOf(db, settings, now)
  if (events.length === 0) return events
  const recorded = await db
    .selectFrom('notifications')
    .select('event_key')
    .distinct()
    .where('event_key', '=', sql<string>`any(${events.map((event) => event.key)}::text[])`)
    .execute()
  const known = new Set(recorded.map((row) => row.event_key))
  return events.filter((event) => !known.has(event.key))
}

/** The events whose messages name the case's applicant (`caseName`). */
const NAMED: ReadonlySet<NotifyEvent['kind']> = new Set([
  'high_case',
  'assigned',
  'overdue',
  'due_soon',
  'awaiting_confirmation',
  'qa_failed',
])

const unnamed = (event: NotifyEvent): event is NotifyEvent & { caseId: number } =>
  NAMED.has(event.kind) && event.caseId !== null && event.name === null

/** The events with their cases' names filled in, read in one statement. */
export async function nameEvents(db: Db, events: NotifyEvent[]): Promise<NotifyEvent[]> {
  const ids = [...new Set(events.filter(unnamed).map((event) => event.caseId))]
  if (ids.length === 0) return events
  const rows = await db
    .selectFrom('cases')
    .select(['id', caseName.as('name')])
    .where('id', 'in', ids)
    .execute()
  const names = new Map(rows.map((row) => [row.id, row.name]))
  return events.map((event) =>
    unnamed(event) ? { ...event, name: names.get(event.caseId) ?? null } : event,
  )
}

async function eventsOf(db: Db, settings: DetectSettings, now: Date): Promise<NotifyEvent[]> {
  const since = new Date(now.getTime() - LOOKBACK_HOURS * 3_600_000)
  const soon = new Date(now.getTime() + settings.dueSoonHours * 3_600_000)
  const [high, assigned, due, confirm, failedQa] = await Promise.all([
    db
      .selectFrom('cases')
      .select(['id', 'risk', 'due_at'])
      .where('risk', '=', 'High')
      .where('created_at', '>', since)
      .where((eb) => eb.or([eb('record_at', 'is', null), eb('record_at', '>', since)]))
      .execute(),
    db
      .selectFrom('case_events as e')
      .innerJoin('cases', 'cases.id', 'e.case_id')
      .select([
        'e.id as event_id',
        'e.owner_id',
        'e.analyst_id as assigned_by',
        'cases.id',
        'cases.risk',
        'cases.kind',
        'cases.due_at',
      ])
      .where('e.kind', '=', 'assigned')
      .where('e.at', '>', since)
      .where('e.owner_id', 'is not', null)
      .where('cases.state', '!=', 'closed')
      .execute(),
    db
      .selectFrom('cases')
      .select(['id', 'risk', 'kind', 'due_at', 'owner_id'])
      .where('state', '!=', 'closed')
      .where((eb) => eb.or([eb('snoozed_until', 'is', null), eb('snoozed_until', '<=', now)]))
      .where('due_at', '>', since)
      .where('due_at', '<=', soon)
      .execute(),
    sql<{
      decision_id: number
      analyst_id: string
      id: number
      risk: string | null
      due_at: Date
      owner_id: string | null
    }>`
      select d.id as decision_id, d.analyst_id, cases.id, cases.risk, cases.due_at,
        cases.owner_id
      from match_decisions d
      join cases on cases.resource_type = 'aml_search' and cases.resource_id = d.search_id
      where not d.settles and d.at > ${since} and cases.state <> 'closed'
        and not exists (select 1 from match_decisions later
          where later.search_id = d.search_id and later.match_uuid = d.match_uuid
            and later.id > d.id)`.execute(db),
    // A QA fail reopened the case (lib/qa/draws.ts): its owner hears of it.
    db
      .selectFrom('case_events as e')
      .innerJoin('cases', 'cases.id', 'e.case_id')
      .select([
        'e.id as event_id',
        'cases.id',
        'cases.risk',
        'cases.kind',
        'cases.due_at',
        'cases.owner_id',
      ])
      .where('e.kind', '=', 'qa_failed')
      .where('e.at', '>', since)
      .execute(),
  ])
  const events: NotifyEvent[] = []
  const base = { lagSeconds: null }
  for (const row of high) {
    events.push({
      ...base,
      key: `high_case:${row.id}`,
      kind: 'high_case',
      analystId: null,
      caseId: row.id,
      risk: 'High',
      dueAt: row.due_at,
      name: null,
    })
  }
  for (const row of assigned) {
    events.push({
      ...base,
      key: `assigned:${row.event_id}`,
      kind: 'assigned',
      analystId: row.owner_id,
      byVerity: row.assigned_by === SYSTEM_ID,
      caseId: row.id,
      risk: riskOf(row),
      dueAt: row.due_at,
      name: null,
    })
  }
  for (const row of due) {
    const overdue = row.due_at <= now
    events.push({
      ...base,
      key: `${overdue ? 'overdue' : 'due_soon'}:${row.id}:${row.due_at.toISOString()}`,
      kind: overdue ? 'overdue' : 'due_soon',
      analystId: row.owner_id,
      caseId: row.id,
      risk: riskOf(row),
      dueAt: row.due_at,
      name: null,
    })
  }
  for (const row of confirm.rows) {
    // Its maker cannot confirm it: an owner who made it leaves it to the team.
    const to = row.owner_id && row.owner_id !== row.analyst_id ? row.owner_id : null
    events.push({
      ...base,
      key: `awaiting_confirmation:${row.decision_id}`,
      kind: 'awaiting_confirmation',
      analystId: to,
      caseId: row.id,
      risk: row.risk,
      dueAt: new Date(row.due_at),
      name: null,
    })
  }
  for (const row of failedQa) {
    events.push({
      ...base,
      key: `qa_failed:${row.event_id}`,
      kind: 'qa_failed',
      analystId: row.owner_id,
      caseId: row.id,
      risk: riskOf(row),
      dueAt: row.due_at,
      name: null,
    })
  }
  events.push(...(await reportsDue(db, since, now)))
  // The rule /api/health follows (HISTORY_MAX_LAG_SECONDS), from the same store.
  const mirror = await mirrorHealth(db, now, settings.maxLagSeconds)
  if (mirror.degraded) {
    events.push({
      key: `mirror_degraded:${mirror.lastPollAt}`,
      kind: 'mirror_degraded',
      analystId: null,
      caseId: null,
      risk: null,
      dueAt: null,
      name: null,
      lagSeconds: mirror.lagSeconds,
    })
  }
  return events
}

function riskOf(row: { risk: string | null; kind: string }) {
  return row.risk ?? (row.kind === 'failed_verification' ? 'failed verification' : null)
}

/**
 * Reports to the FIU not yet filed and due within REPORT_DUE_SOON_DAYS, then past due (as the
 * home page lists them): one event for each lead and for the report's drafter, each theirs alone
 * (rules.ts sends it only to them, by e-mail). The leads are the analysts whose newest sign-in
 * carried a lead group; with sign-in off, nobody signs in and the drafter alone is told.
 */
async function reportsDue(db: Db, since: Date, now: Date): Promise<NotifyEvent[]> {
  const soon = new Date(now.getTime() + REPORT_DUE_SOON_DAYS * 86_400_000)
  const reports = await db
    .selectFrom('fiu_reports')
    .select(['id', 'code', 'case_id', 'drafter_id', 'due_at'])
    .where('state', 'in', ['draft', 'awaiting_approval', 'approved'])
    .where('due_at', '>', since)
    .where('due_at', '<=', soon)
    .execute()
  if (reports.length === 0) return []
  const newest = await sql<{ analyst_id: string; groups: string[] | null }>`
    select distinct on (analyst_id) analyst_id, viewer->'groups' as groups
    from sessions where viewer ? 'iss'
    order by analyst_id, created_at desc`.execute(db)
  const leads = newest.rows
    .filter((row) => rolesOf({ groups: row.groups ?? [] }).lead)
    .map((row) => row.analyst_id)
  return reports.flatMap((report) => {
    const kind = report.due_at <= now ? 'report_overdue' : 'report_due_soon'
    return [...new Set([...leads, report.drafter_id])].map((analystId): NotifyEvent => ({
      key: `${kind}:${report.id}:${report.due_at.toISOString()}`,
      kind,
      analystId,
      caseId: report.case_id,
      risk: null,
      dueAt: report.due_at,
      name: null,
      lagSeconds: null,
      report: { id: report.id, code: report.code },
    }))
  })
}
