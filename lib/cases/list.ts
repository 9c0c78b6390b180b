import 'server-only'

import { sql, type Kysely, type RawBuilder } from 'kysely'

import type { Database } from '@/lib/store/schema'

import { caseName, summaryOf } from './read'
import type { OwnerLoad, QueueData } from './types'
import { CASE_PAGE_SIZE, CASE_VIEWS, type CaseListParams, type CaseViewName } from './views'

/*
 * The queue's case views, one query for the page of cases and one for every view's count. A
 * waiting case is out of the active views (mine, unassigned, due today, overdue) until its snooze
 * ends, then back in them; "due today" is due before the end of the day in UTC.
 */

type Db = Kysely<Database>

export type CaseList = Pick<QueueData, 'cases' | 'counts' | 'total'>

function conditions(me: string, now: Date): Record<CaseViewName, RawBuilder<boolean>> {
  const endOfDay = new Date(now)
  endOfDay.setUTCHours(24, 0, 0, 0)
  const active = sql<boolean>`(state <> 'closed' and not (state = 'waiting' and snoozed_until is not null and snoozed_until > ${now}))`
  return {
    mine: sql`(${active} and owner_id = ${me})`,
    unassigned: sql`(${active} and owner_id is null)`,
    'due-today': sql`(${active} and due_at >= ${now} and due_at < ${endOfDay})`,
    overdue: sql`(${active} and due_at < ${now})`,
    escalated: sql`(state = 'escalated')`,
    waiting: sql`(state = 'waiting')`,
    closed: sql`(state = 'closed')`,
    all: sql`true`,
  }
}

export async function listCases(
  db: Db,
  me: string,
  params: CaseListParams,
  now = new Date(),
): Promise<CaseList> {
  const views = conditions(me, now)
  const filters: RawBuilder<boolean>[] = [views[params.view]]
  if (params.owner === 'none') filters.push(sql`owner_id is null`)
  else if (params.owner) filters.push(sql`owner_id = ${params.owner}`)
  if (params.risk === 'failed_verification') filters.push(sql`kind = 'failed_verification'`)
  else if (params.risk) filters.push(sql`risk = ${params.risk}`)
  if (params.state) filters.push(sql`state = ${params.state}`)
  if (params.age)
    filters.push(sql`clock_at < ${new Date(now.getTime() - Number(params.age) * 86_400_000)}`)
  const where = sql<boolean>`${sql.join(filters, sql` and `)}`
  // Closed work goes last in every sort: it has nothing left to do, whatever its dates.
  const order =
    params.sort === 'age' ? sql`state = 'closed', clock_at, id` : sql`state = 'closed', due_at, id`
  const [rows, total, counts] = await Promise.all([
    db
      .selectFrom('cases')
      .selectAll()
      .select(caseName.as('name'))
      .where(where)
      .orderBy(order)
      .limit(CASE_PAGE_SIZE)
      .offset((params.page - 1) * CASE_PAGE_SIZE)
      .execute(),
    db
      .selectFrom('cases')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(where)
      .executeTakeFirstOrThrow(),
    viewCounts(db, views),
  ])
  return { cases: rows.map(summaryOf), counts, total: Number(total.n) }
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

/** Everyone's load, for leads: active and overdue cases per owner, the busiest first. */
export async function ownerLoads(db: Db, now = new Date()): Promise<OwnerLoad[]> {
  const result = await sql<{
    owner_id: string
    owner_label: string
    active: number
    overdue: number
  }>`
    select owner_id, max(owner_label) as owner_label,
      count(*)::int as active, count(*) filter (where due_at < ${now})::int as overdue
    from cases
    where owner_id is not null and state <> 'closed'
      and not (state = 'waiting' and snoozed_until is not null and snoozed_until > ${now})
    group by owner_id
    order by active desc, owner_label`.execute(db)
  return result.rows.map((row) => ({
    ownerId: row.owner_id,
    ownerLabel: row.owner_label,
    active: row.active,
    overdue: row.overdue,
  }))
}

/** Every view's count alone: the records queue's navigation. */
export function caseViewCounts(db: Db, me: string, now = new Date()) {
  return viewCounts(db, conditions(me, now))
}
