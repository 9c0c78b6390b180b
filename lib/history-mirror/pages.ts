import 'server-only'

import { readHistoryForMirror } from '@/lib/data/reads'
import { asObject, readArray } from '@/lib/webhooks/read'

import { extractRecord, type MirrorRecord } from './extract'
import { mirrorLog } from './log'

export type HistoryOrder = 'newest_first' | 'oldest_first'

/** One history page as the mirror reads it. */
export type MirrorPage = {
  records: MirrorRecord[]
  /** The raw matches of each AML screening on the page, by record id, for the carry-over. */
  matches: ReadonlyMap<string, readonly unknown[]>
  /** Records on the page, with or without an id. */
  size: number
  /** The `after` of the page that follows: the last record that has an id. */
  lastId: string | null
  hasNext: boolean
  /** The order the page's timestamps show, when they show one. */
  order: HistoryOrder | null
  seconds: number
}

/** Reads the page after `after` (null: the first page); a record without an id is logged and skipped. */
export async function readMirrorPage(after: string | null, limit: number): Promise<MirrorPage> {
  const started = performance.now()
  const page = await readHistoryForMirror({ after, limit })
  const records: MirrorRecord[] = []
  const matches = new Map<string, readonly unknown[]>()
  page.data.forEach((raw, position) => {
    const record = extractRecord(raw)
    if (!record) {
      mirrorLog('warn', 'record without an id skipped', { after, position })
      return
    }
    records.push(record)
    const found = record.event_type === 'AML_SCREENING' ? screeningMatches(raw) : null
    if (found) matches.set(record.id, found)
  })
  return {
    records,
    matches,
    size: page.data.length,
    lastId: records.at(-1)?.id ?? null,
    hasNext: page.has_next,
    order: orderOf(records),
    seconds: (performance.now() - started) / 1_000,
  }
}

/** Newest first when the first dated record is later than the last, oldest first when earlier. */
export function orderOf(records: readonly MirrorRecord[]): HistoryOrder | null {
  const dated = records.filter((record) => record.at !== null)
  const first = dated[0]?.at?.getTime()
  const last = dated.at(-1)?.at?.getTime()
  if (first === undefined || last === undefined || first === last) return null
  return first > last ? 'newest_first' : 'oldest_first'
}

/** The matches an AML screening's payload carries, by reference (no copy), or null. */
function screeningMatches(raw: unknown): readonly unknown[] | null {
  let payload = asObject(raw)?.payload
  if (typeof payload === 'string') {
    try {
      payload = JSON.parse(payload) as unknown
    } catch {
      return null
    }
  }
  const root = asObject(payload)
  return readArray(asObject(root?.search_response) ?? asObject(root?.search_result), 'data')
}
