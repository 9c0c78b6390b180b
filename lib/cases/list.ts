import 'server-only'

import { sql, type Kysely, type RawBuilder } from 'kysely'

import type { Database } from '@/lib/store/schema'
import { errorCategoryByKey } from '@/lib/verifications/error-codes'

import { caseName, listColumns, listItemOf } from './read'
import type { OwnerLoad, QueueData } from './types'
import { CASE_PAGE_SIZE, CASE_VIEWS, type CaseListParams, type CaseViewName } from './views'

/*
 * The queue's case views, one query for the page of cases and one for every view's count. The
 * open view, where `/queue` opens, is every case not closed, waiting ones included. A waiting case is out of the active views (mine, unassigned, due today, overdue) until its snooze
 * ends, then back in them; "due today" is due before the end of the day in UTC.
 */

type Db = Kysely<Database>

export type CaseList = Pick<QueueData, 'cases' | 'counts' | 'total'>

function conditions(me: string, now: Date): Record<CaseViewName, RawBuilder<boolean>> {
  const endOfDay = new Date(now)
  endOfDay.setUTCHours(24, 0, 0, 0)
  const active = sql<boolean>`(state <> 'closed' and not (state = 'waiting' and snoozed_until is not null and snoozed_until > ${now}))`
  return {
    open: sql`(state <> 'closed')`,
    mine: sql`(${active} and owner_id = ${me})`,
    unassigned: sql`(${active} and owner_id is null)`,
    'due-today': sql`(${active} and due_at >= ${now} and due_at < ${endOfDay})`,
    overdue: sql`(${active} and due_at < ${now})`,
    escalated: sql`(state = 'escalated')`,
    waiting: sql`(state = 'waiting')`,
    'awaiting-closure': sql`(state = 'awaiting_closure')`,
    closed: sql`(state = 'closed')`,
    all: sql`true`,
  }
}

export async function listCases(
  db: Db,
  me: string,
  params: CaseListParams,
  now = new Date(),
  limit = CASE_PAGE_SIZE,
): Promise<CaseList> {
  const views = conditions(me, now)
  const filters: RawBuilder<boolean>[] = [views[params.view]]
  if (params.owner === 'none') filters.push(sql`owner_id is null`)
  else if (params.owner) filters.push(sql`owner_id = ${params.owner}`)
  if (params.kind) filters.push(sql`kind = ${params.kind}`)
  if (params.risk) filters.push(sql`risk = ${params.risk}`)
  if (params.state) filters.push(sql`state = ${params.state}`)
  if (params.age)
    filters.push(sql`clock_at < ${new Date(now.getTime() - Number(params.age) * 86_400_000)}`)
  filters.push(...recordFilters(params))
  const where = sql<boolean>`${sql.join(filters, sql` and `)}`
  const column = params.sort === 'age' ? sql`clock_at` : sql`due_at`
  // Closed work goes last in every sort: it has nothing left to do, whatever its dates. A view of
  // open work alone orders by the date, so the first page comes from an index (migration 0044).
  const order = VIEWS_WITH_CLOSED.has(params.view)
    ? sql`state = 'closed', ${column}, id`
    : sql`${column}, id`
  // The view alone: its total is among the views' counts, read anyway.
  const filtered = filters.length > 1
  const [rows, total, counts] = await Promise.all([
    db
      .selectFrom('cases')
      .selectAll()
      .select(caseName.as('name'))
      .select([...listColumns])
      .where(where)
      .orderBy(order)
      .limit(limit)
      .offset((params.page - 1) * limit)
      .execute(),
    filtered
      ? db
          .selectFrom('cases')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(where)
          .executeTakeFirstOrThrow()
      : null,
    viewCounts(db, views),
  ])
  return {
    cases: rows.map(listItemOf),
    counts,
    total: total ? Number(total.n) : counts[params.view],
  }
}

/** The views whose cases may be closed; every other view holds open work only. */
const VIEWS_WITH_CLOSED = new Set<CaseViewName>(['closed', 'all'])

/**
 * Filters on the record (the analytics links set them), on the copy of its record a case keeps (migration 0015): its
 * webhook, its time by UTC day (as /analytics counts it), live or sandbox, and a failed
 * verification's error category.
 */
function recordFilters(params: CaseListParams): RawBuilder<boolean>[] {
  const filters: RawBuilder<boolean>[] = []
  if (params.webhook_id) filters.push(sql`record_webhook_id = ${params.webhook_id}`)
  if (params.from) filters.push(sql`record_at >= ${new Date(`${params.from}T00:00:00Z`)}`)
  if (params.to) {
    filters.push(sql`record_at < ${new Date(Date.parse(`${params.to}T00:00:00Z`) + 86_400_000)}`)
  }
  if (params.env) filters.push(sql`record_is_sandbox = ${params.env === 'sandbox'}`)
  const category = params.error ? errorCategoryByKey(params.error) : null
  if (category) {
    filters.push(sql`(kind = 'failed_verification' and exists (
      select 1 from history_records h, unnest(h.error_codes) code
      where h.id = cases.record_id and code between ${category.from} and ${category.to}
    ))`)
  }
  return filters
}

async function viewCounts(db: Db, views: Record<CaseViewName, RawBuilder<boolean>>) {
  const columns = sql.join(
    CASE_VIEWS.map((view) => sql`count(*) filter (where ${views[view]})::int as ${sql.ref(view)}`),
  )
  const result = await sql<Record<CaseViewName, number>>`select ${columns} from cases`.execute(db)
  const row = result.rows[0]
  return Object.fromEntries(CASE_VIEWS.map((view) => [view, Number(row?.[view] ?? 0)])) as Record<
    CaseViewName,
    number
  >
}

/**
 * Everyone's load and availability, for leads: each analyst who owns an active case or was seen
 * within `activeHours`, with their active and overdue cases, whether they are available to
 * automatic assignment (seen lately and not away), the busiest first.
 */
export async function ownerLoads(
  db: Db,
  activeHours: number,
  now = new Date(),
): Promise<OwnerLoad[]> {
  const since = new Date(now.getTime() - activeHours * 3_600_000)
  const result = await sql<{
    id: string
    label: string
    active: number
    overdue: number
    seen_at: Date | null
    away: boolean
  }>`
    with owned as (
      select owner_id as id, max(owner_label) as label, count(*)::int as active,
        count(*) filter (where due_at < ${now})::int as overdue
      from cases
      where owner_id is not null and state <> 'closed'
        and not (state = 'waiting' and snoozed_until is not null and snoozed_until > ${now})
      group by owner_id
    ),
    seen as (
      select analyst_id as id, max(last_seen_at) as seen_at,
        (array_agg(user_label order by last_seen_at desc))[1] as label
      from sessions group by analyst_id
    )
    select coalesce(o.id, s.id) as id, coalesce(s.label, o.label) as label,
      coalesce(o.active, 0) as active, coalesce(o.overdue, 0) as overdue, s.seen_at,
      coalesce(p.away, false) as away
    from owned o
    full join seen s on s.id = o.id
    left join analyst_presence p on p.analyst_id = coalesce(o.id, s.id)
    where o.id is not null or s.seen_at >= ${since}
    order by active desc, label`.execute(db)
  return result.rows.map((row) => ({
    ownerId: row.id,
    ownerLabel: row.label,
    active: row.active,
    overdue: row.overdue,
    availability: row.away
      ? 'away'
      : row.seen_at && row.seen_at >= since
        ? 'available'
        : 'not_seen',
  }))
}
