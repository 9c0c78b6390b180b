import 'server-only'

import { sql } from 'kysely'

import { readMirrorStatus } from '@/lib/history-mirror/status'
import { getStore } from '@/lib/store/store'

/*
 * The screening of the same applicant made just before a report, from the mirror, however old.
 * Null when the mirror does not hold the report's own screening yet: the caller then looks through
 * the live window, as before the mirror.
 */

export type MirroredPrevious = {
  /** The previous screening, or null when the mirror holds none before this one. */
  previous: { recordId: string; searchUuid: string; at: string | null } | null
  /** What was looked through: the whole mirror, and whether its backfill reached the start. */
  window: { records: number; pages: number; complete: boolean; oldest: string | null }
}

type Row = {
  current: string
  previous_id: string | null
  previous_search: string | null
  previous_at: Date | null
}

export async function previousInMirror(
  applicantId: string,
  searchUuid: string,
): Promise<MirroredPrevious | null> {
  const { db } = await getStore()
  const { rows } = await sql<Row>`
    select c.id as current, p.id as previous_id, p.search_uuid as previous_search,
      p.at as previous_at
    from history_records c
    left join lateral (
      select id, search_uuid, at from history_records p
      where p.applicant_id = c.applicant_id and p.event_type = 'AML_SCREENING'
        and p.search_uuid is not null and lower(p.search_uuid) <> lower(c.search_uuid)
        and (p.at < c.at or (p.at = c.at and p.id < c.id))
      order by p.at desc, p.id desc
      limit 1
    ) p on true
    where c.applicant_id = ${applicantId} and c.event_type = 'AML_SCREENING'
      and lower(c.search_uuid) = ${searchUuid.toLowerCase()}
    order by c.at desc nulls last
    limit 1
  `.execute(db)
  const [row] = rows
  if (!row) return null
  const status = await readMirrorStatus()
  return {
    previous:
      row.previous_id && row.previous_search
        ? {
            recordId: row.previous_id,
            searchUuid: row.previous_search,
            at: row.previous_at ? new Date(row.previous_at).toISOString() : null,
          }
        : null,
    window: {
      records: status.records,
      pages: status.backfill.pages,
      complete: status.backfill.done,
      oldest: status.oldestAt,
    },
  }
}
