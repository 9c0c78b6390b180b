import 'server-only'

import { sql } from 'kysely'

import { readState } from '@/lib/history-mirror/state'
import type { WindowSummary } from '@/lib/review/changes'
import { getStore } from '@/lib/store/store'

/*
 * What the mirror can tell match review without the payloads it does not keep: that the whole
 * mirrored history holds no record of a screening. The screened-as notice and "Since the previous
 * screening" then do not read the live window page by page for it (ten upstream reads, parsed and
 * checked: most of a verification page's render).
 */

/**
 * The mirrored history, as what was looked through, when its backfill reached the start of the
 * history and it holds no record of this screening, stored or set aside; null otherwise (not
 * complete yet, or the record is there and its payload must be read from the upstream). Also null
 * for a history served oldest first: its first page is not where records newer than the last poll
 * are.
 */
export async function mirrorLacksScreening(searchUuid: string): Promise<WindowSummary | null> {
  const { db } = await getStore()
  const state = await readState(db)
  if (!state.backfill_done || state.history_order !== 'newest_first') return null
  const id = searchUuid.toLowerCase()
  // history_records_search_lower (migration 0010) answers the first; few records are set aside.
  const { rows } = await sql<{ held: boolean; oldest: Date | null }>`
    select (
        exists (select from history_records where lower(search_uuid) = ${id})
        or exists (select from history_set_aside where lower(search_uuid) = ${id})
      ) as held,
      (select min(at) from history_records) as oldest
  `.execute(db)
  const row = rows[0]
  if (!row || row.held) return null
  return {
    records: Number(state.records),
    pages: state.backfill_pages,
    complete: true,
    oldest: row.oldest ? new Date(row.oldest).toISOString() : null,
  }
}

/**
 * Whether the mirror holds any of these records: a page of the live history that shares one with
 * it reaches back into what the mirror covers, so nothing newer than its last poll is missed.
 */
export async function mirrorHoldsAnyOf(ids: readonly string[]): Promise<boolean> {
  if (ids.length === 0) return false
  const { db } = await getStore()
  const { rows } = await sql<{ held: boolean }>`
    select exists (select from history_records where id = any(${[...ids]})) as held
  `.execute(db)
  return rows[0]?.held === true
}
