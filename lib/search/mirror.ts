import 'server-only'

import { sql, type Kysely } from 'kysely'

import { nameKey } from '@/lib/history-mirror/name-key'
import { mirrorRowView, type MirrorRowColumns, type MirrorRowView } from '@/lib/history-mirror/row'
import type { Database } from '@/lib/store/schema'

/*
 * Search over the mirror: screenings by their requested name (any word of it, or a word's
 * beginning, whatever the case or accents: history_name_words, migration 0009), and records by an
 * id they carry exactly (applicant, screening, search uuid, external id, verification short id,
 * record id). Newest first.
 */

export const SEARCH_SHOWN = 50
/** More words than this narrow nothing a person would type; the rest are ignored. */
const MAX_WORDS = 6
/** Where a name breaks into words: the same characters as migration 0009's trigger. */
const WORD_BREAK = /[\s,.()'’-]+/

export type SearchHit = MirrorRowView & {
  applicantId: string | null
  /** Which exact id the query was, or 'name' for a name search. */
  matchedBy: 'name' | 'applicant' | 'screening' | 'search' | 'external' | 'verification' | 'record'
}

export type SearchResult = { hits: SearchHit[]; more: boolean }

type Row = MirrorRowColumns & { applicant_id: string | null; screening_id: string | null }

const COLUMNS = sql`r.id, r.at, r.event_type, r.requested_name, r.risk, r.match_count,
  r.applicant_id, r.screening_id, r.search_uuid, r.short_id, r.status, r.external_id`

/** The words of a query as name_key spells them, each a prefix to look for. */
export function searchWords(query: string): string[] {
  return (nameKey(query) ?? '').split(WORD_BREAK).filter(Boolean).slice(0, MAX_WORDS)
}

/** Records that carry `query` exactly as one of their ids. */
export async function searchIds(
  db: Kysely<Database>,
  query: string,
  limit = SEARCH_SHOWN,
): Promise<SearchResult> {
  const id = query.trim()
  if (!id || id.length > 200) return { hits: [], more: false }
  const lower = id.toLowerCase()
  const { rows } = await sql<Row>`
    select ${COLUMNS} from history_records r
    where r.applicant_id = ${id} or r.screening_id = ${id} or lower(r.search_uuid) = ${lower}
      or r.external_id = ${id} or r.short_id = ${id} or r.id = ${id}
    order by r.at desc nulls last, r.id desc
    limit ${limit + 1}
  `.execute(db)
  return {
    hits: rows.slice(0, limit).map((row) => hitOf(row, matchedId(row, id))),
    more: rows.length > limit,
  }
}

/** Screenings whose requested name has, for every word of the query, a word beginning with it. */
export async function searchNames(
  db: Kysely<Database>,
  query: string,
  limit = SEARCH_SHOWN,
): Promise<SearchResult> {
  const words = searchWords(query)
  if (words.length === 0) return { hits: [], more: false }
  const matches = words.map(
    (word) => sql`exists (
      select 1 from history_name_words w
      where w.record_id = r.id and w.word like ${`${escapeLike(word)}%`}
    )`,
  )
  const { rows } = await db.transaction().execute(async (trx) => {
    // The newest screenings are walked until enough match, which one process does in milliseconds;
    // parallel workers took longer to start than that on a busy 2-core server (86 ms against 20 ms
    // at 1,000,000 records, docs/history-mirror.md "Scale").
    await sql`set local max_parallel_workers_per_gather = 0`.execute(trx)
    return sql<Row>`
      select ${COLUMNS} from history_records r
      where r.event_type = 'AML_SCREENING' and ${sql.join(matches, sql` and `)}
      order by r.at desc nulls last, r.id desc
      limit ${limit + 1}
    `.execute(trx)
  })
  return { hits: rows.slice(0, limit).map((row) => hitOf(row, 'name')), more: rows.length > limit }
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`)
}

function matchedId(row: Row, id: string): SearchHit['matchedBy'] {
  if (row.short_id === id) return 'verification'
  if (row.search_uuid?.toLowerCase() === id.toLowerCase()) return 'search'
  if (row.screening_id === id) return 'screening'
  if (row.applicant_id === id) return 'applicant'
  if (row.external_id === id) return 'external'
  return 'record'
}

function hitOf(row: Row, matchedBy: SearchHit['matchedBy']): SearchHit {
  return { ...mirrorRowView(row), applicantId: row.applicant_id, matchedBy }
}
