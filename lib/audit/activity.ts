import 'server-only'

import type { Kysely } from 'kysely'

import type { ActivityPage, ActivityRow, OpenedRecord } from '@/lib/audit/activity-types'
import type { Database } from '@/lib/store/schema'

import type { ActivityFilters } from './activity-query'

/*
 * What the activity views read from the trail: a record's activity, and the whole trail filtered.
 * Newest first; a page asks for one row more than it shows to know whether older ones exist.
 */

type Db = Kysely<Database>

const ACTIVITY_PAGE_SIZE = 50

const columns = [
  'seq',
  'at',
  'user_label',
  'action',
  'resource_type',
  'resource_id',
  'field',
  'outcome',
] as const

function rowOf(row: {
  seq: number
  at: Date
  user_label: string
  action: string
  resource_type: string
  resource_id: string | null
  field: string | null
  outcome: string
}): ActivityRow {
  return {
    seq: row.seq,
    time: row.at.toISOString(),
    user: row.user_label,
    action: row.action,
    resource: { type: row.resource_type, id: row.resource_id },
    field: row.field,
    outcome: row.outcome,
  }
}

export async function recordActivity(
  db: Db,
  resource: { type: string; id: string },
  limit: number,
): Promise<ActivityPage> {
  const rows = await db
    .selectFrom('audit_events')
    .select(columns)
    .where('resource_type', '=', resource.type)
    .where('resource_id', '=', resource.id)
    .orderBy('seq', 'desc')
    .limit(limit + 1)
    .execute()
  return { rows: rows.slice(0, limit).map(rowOf), hasOlder: rows.length > limit }
}

/** `%` and `_` in what the analyst typed are matched literally. */
function containing(text: string) {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

/** The trail's rows about reports to the FIU, which only leads may know of (docs/reports.md). */
const REPORT_TYPES = ['fiu_report', 'fiu_report_list']

export async function findActivity(
  db: Db,
  filters: ActivityFilters,
  pageSize = ACTIVITY_PAGE_SIZE,
  showReports = true,
): Promise<ActivityPage> {
  let query = db.selectFrom('audit_events').select(columns)
  if (!showReports) {
    query = query.where('action', '!=', 'report').where('resource_type', 'not in', REPORT_TYPES)
  }
  // By the name shown, or by the identity (issuer and subject) across the names it had.
  if (filters.analyst) {
    const text = containing(filters.analyst)
    query = query.where((eb) =>
      eb.or([eb('user_label', 'ilike', text), eb('analyst_id', 'ilike', text)]),
    )
  }
  if (filters.action) query = query.where('action', '=', filters.action)
  if (filters.type) query = query.where('resource_type', '=', filters.type)
  if (filters.id) query = query.where('resource_id', '=', filters.id)
  if (filters.from) query = query.where('at', '>=', new Date(`${filters.from}T00:00:00Z`))
  if (filters.to) {
    const end = new Date(`${filters.to}T00:00:00Z`)
    end.setUTCDate(end.getUTCDate() + 1)
    query = query.where('at', '<', end)
  }
  const rows = await query
    .orderBy('seq', 'desc')
    .limit(pageSize + 1)
    .offset((filters.page - 1) * pageSize)
    .execute()
  return { rows: rows.slice(0, pageSize).map(rowOf), hasOlder: rows.length > pageSize }
}

/**
 * The records an analyst opened lately, newest first, each once: read from the trail, so the
 * list follows the analyst to any browser.
 */
export async function openedRecordsOf(
  db: Db,
  analystId: string,
  types: readonly string[],
  limit: number,
): Promise<OpenedRecord[]> {
  const rows = await db
    .selectFrom('audit_events')
    .select(['resource_type', 'resource_id'])
    .select((eb) => [eb.fn.max('seq').as('last_seq'), eb.fn.max('at').as('last_at')])
    .where('analyst_id', '=', analystId)
    .where('action', '=', 'view')
    .where('outcome', '=', 'ok')
    // A read of a record's notes or decisions (field set) is not an opening of it.
    .where('field', 'is', null)
    .where('resource_type', 'in', types)
    .where('resource_id', 'is not', null)
    .groupBy(['resource_type', 'resource_id'])
    .orderBy('last_seq', 'desc')
    .limit(limit)
    .execute()
  return rows.map((row) => ({
    type: row.resource_type,
    id: row.resource_id ?? '',
    at: new Date(row.last_at).toISOString(),
  }))
}
