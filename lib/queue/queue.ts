import 'server-only'

import { sql, type Kysely } from 'kysely'

import { hasNoControlCharacters } from '@/lib/api/free-text'
import { decisionCounts } from '@/lib/review/decision-counts-sql'
import { subjectParam } from '@/lib/review/subject'
import type { Database } from '@/lib/store/schema'
import { errorCategoryByKey } from '@/lib/verifications/error-codes'

import { QUEUE_AGES, QUEUE_PAGE_SIZE, type QueueFilters } from './params'

/*
 * The work queue over the whole mirror: every screening of High or Medium risk whose matches are
 * not all reviewed, and every failed verification. Only an applicant's newest screening counts
 * (an older one is what was re-screened), and only a verification's newest record. A failed
 * verification ranks with High risk: it stops an onboarding as a High match does. High first,
 * oldest first within a rank; paged by keyset on (rank, at, id), which the partial index
 * history_records_queue (migration 0014) holds in that order, for records not superseded only, so
 * the first page reads the index's first entries however large the mirror grows.
 */

export type QueueScreening = {
  kind: 'screening'
  recordId: string
  at: string
  webhookId: string | null
  applicantId: string | null
  name: string | null
  risk: string
  matches: number
  reviewed: number
  awaitingSecond: number
  searchUuid: string
  /** The report's subject (lib/review/subject.ts), so the report compares each match with it. */
  subject: string
}

export type QueueFailedVerification = {
  kind: 'failed_verification'
  recordId: string
  at: string
  webhookId: string | null
  applicantId: string | null
  shortId: string
}

export type QueueRow = QueueScreening | QueueFailedVerification

export type QueuePage = { rows: QueueRow[]; next: string | null }

type Cursor = { rank: number; at: Date; id: string }

type Row = {
  rank: number
  id: string
  at: Date
  event_type: string
  webhook_id: string | null
  applicant_id: string | null
  requested_name: string | null
  risk: string | null
  match_count: number | null
  search_uuid: string | null
  short_id: string | null
  reviewed: number | null
  awaiting: number | null
}

// Written exactly as the index's expression, or the planner cannot use it.
const RANK = sql<number>`(case when r.risk = 'High' or r.event_type = 'DOCVER' then 2 else 1 end)`

export async function queryQueue(
  db: Kysely<Database>,
  filters: QueueFilters,
  {
    cursor = null,
    limit = QUEUE_PAGE_SIZE,
    now = new Date(),
  }: {
    cursor?: string | null
    limit?: number
    now?: Date
  } = {},
): Promise<QueuePage> {
  const after = decodeCursor(cursor)
  const conditions = [
    sql`r.at is not null`,
    sql`(
      (r.event_type = 'AML_SCREENING' and r.risk in ('High', 'Medium'))
      or (r.event_type = 'DOCVER' and r.status = 'failed')
    )`,
    // A screening whose matches are all decided and none awaits a second analyst is done.
    sql`(
      r.event_type = 'DOCVER'
      or (
        r.match_count > 0 and r.search_uuid is not null
        and (coalesce(c.reviewed, 0) < r.match_count or coalesce(c.awaiting, 0) > 0)
      )
    )`,
    sql`not r.superseded`,
    sql`(r.event_type <> 'DOCVER' or r.short_id is not null)`,
  ]
  if (filters.risk === 'High') conditions.push(sql`r.risk = 'High'`)
  if (filters.risk === 'Medium') conditions.push(sql`r.risk = 'Medium'`)
  if (filters.eventType) conditions.push(sql`r.event_type = ${filters.eventType}`)
  if (filters.webhookId) conditions.push(sql`r.webhook_id = ${filters.webhookId}`)
  if (filters.age) {
    const before = new Date(now.getTime() - QUEUE_AGES[filters.age] * 86_400_000)
    conditions.push(sql`r.at <= ${before}`)
  }
  if (filters.from) conditions.push(sql`r.at >= ${new Date(`${filters.from}T00:00:00Z`)}`)
  if (filters.to) {
    conditions.push(sql`r.at < ${new Date(Date.parse(`${filters.to}T00:00:00Z`) + 86_400_000)}`)
  }
  const category = filters.error ? errorCategoryByKey(filters.error) : null
  if (category) {
    conditions.push(sql`r.event_type = 'DOCVER'`)
    conditions.push(sql`exists (
      select 1 from unnest(r.error_codes) code where code between ${category.from} and ${category.to}
    )`)
  }
  if (filters.environment) conditions.push(sql`r.is_sandbox = ${filters.environment === 'sandbox'}`)
  // Failed verifications all rank 2: ordered by time alone, they are read from their own index.
  const verificationsOnly = filters.eventType === 'DOCVER' || category !== null
  // Said again outside the `or` above, so the planner sees that index's condition hold.
  if (verificationsOnly) conditions.push(sql`r.event_type = 'DOCVER' and r.status = 'failed'`)
  if (after && verificationsOnly) {
    conditions.push(after.rank === 2 ? sql`(r.at, r.id) > (${after.at}, ${after.id})` : sql`false`)
  } else if (after) {
    conditions.push(sql`(
      ${RANK} < ${after.rank}
      or (${RANK} = ${after.rank} and (r.at, r.id) > (${after.at}, ${after.id}))
    )`)
  }
  const { rows } = await sql<Row>`
    select ${RANK} as rank, r.id, r.at, r.event_type, r.webhook_id, r.applicant_id,
      r.requested_name, r.risk, r.match_count, r.search_uuid, r.short_id,
      c.reviewed, c.awaiting
    from history_records r
    left join lateral ${decisionCounts(sql.ref('r.search_uuid'))} c on true
    where ${sql.join(conditions, sql` and `)}
    order by ${verificationsOnly ? sql`r.at, r.id` : sql`${RANK} desc, r.at, r.id`}
    limit ${limit + 1}
  `.execute(db)
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    rows: page.map(rowOf),
    next:
      rows.length > limit && last
        ? encodeCursor({ rank: last.rank, at: last.at, id: last.id })
        : null,
  }
}

function rowOf(row: Row): QueueRow {
  const at = new Date(row.at).toISOString()
  if (row.event_type === 'DOCVER') {
    return {
      kind: 'failed_verification',
      recordId: row.id,
      at,
      webhookId: row.webhook_id,
      applicantId: row.applicant_id,
      shortId: row.short_id ?? '',
    }
  }
  return {
    kind: 'screening',
    recordId: row.id,
    at,
    webhookId: row.webhook_id,
    applicantId: row.applicant_id,
    name: row.requested_name,
    risk: row.risk ?? '',
    matches: row.match_count ?? 0,
    reviewed: row.reviewed ?? 0,
    awaitingSecond: row.awaiting ?? 0,
    searchUuid: row.search_uuid ?? '',
    subject: subjectParam({ kind: 'screening', recordId: row.id }),
  }
}

/** Opaque to the page: base64url of the last row's rank, time and id. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.rank, cursor.at.toISOString(), cursor.id])).toString(
    'base64url',
  )
}

const MAX_CURSOR_ID = 400

/** A cursor the queue made, or null for anything else (a hand-edited address starts over). */
export function decodeCursor(value: string | null): Cursor | null {
  if (!value) return null
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'))
    if (!Array.isArray(parsed) || parsed.length !== 3) return null
    const [rank, at, id] = parsed as unknown[]
    if ((rank !== 1 && rank !== 2) || typeof at !== 'string' || typeof id !== 'string') return null
    // What the store cannot compare (a date JavaScript holds but PostgreSQL does not, an id with
    // a NUL or a control character) would fail the query: such a cursor was not made here.
    if (id.length > MAX_CURSOR_ID || !hasNoControlCharacters(id)) return null
    const date = new Date(at)
    const year = date.getUTCFullYear()
    return Number.isNaN(date.getTime()) || year < 1 || year > 9999 ? null : { rank, at: date, id }
  } catch {
    return null
  }
}
