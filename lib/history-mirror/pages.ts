import 'server-only'

import { MAX_RESPONSE_BYTES } from '@/lib/upstream/client'
import { UpstreamError } from '@/lib/upstream/errors'
import { readHistoryForMirror } from '@/lib/upstream/reads'

import { screeningMatches } from './carry'
import type { MirrorRecord } from './extract'
import { mirrorLog } from './log'
import { MalformedPageError, PageSplitter, type PageElement } from './page-stream'
import { oversized, prepareRecord, type IncomingRecord } from './records'

export type HistoryOrder = 'newest_first' | 'oldest_first'

/** One history page as the mirror reads it. */
export type MirrorPage = {
  /** The page's records with an id, in its order: each to store, or refused before storing. */
  records: IncomingRecord[]
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
  /** The body's size: past MAX_RESPONSE_BYTES the sync asks for smaller pages. */
  bytes: number
}

/** A page larger than this makes the sync ask for smaller ones (`limit`). */
export const PAGE_BYTES = MAX_RESPONSE_BYTES

/**
 * Reads the page after `after` (null: the first page) as a stream, one record at a time: a record
 * over `recordCap` bytes is refused (set aside by its id) without being held; one without an id is
 * logged and skipped.
 */
export async function readMirrorPage(
  after: string | null,
  limit: number,
  recordCap: number,
): Promise<MirrorPage> {
  const started = performance.now()
  return readHistoryForMirror({ after, limit }, async (body) => {
    const records: IncomingRecord[] = []
    const matches = new Map<string, readonly unknown[]>()
    let size = 0
    const splitter = new PageSplitter(recordCap, (element) => {
      const position = size++
      const record = elementRecord(element, recordCap, matches)
      if (record) records.push(record)
      else mirrorLog('warn', 'record without an id skipped', { after, position })
    })
    try {
      for await (const chunk of body) splitter.push(chunk)
      const { hasNext } = splitter.end()
      return {
        records,
        matches,
        size,
        lastId: records.at(-1)?.id ?? null,
        hasNext,
        order: orderOf(records.flatMap((item) => (item.kind === 'record' ? [item.record] : []))),
        seconds: (performance.now() - started) / 1_000,
        bytes: splitter.total,
      }
    } catch (cause) {
      if (cause instanceof MalformedPageError || cause instanceof SyntaxError) {
        throw new UpstreamError('bad_response', 'The upstream sent malformed JSON', { cause })
      }
      throw cause
    }
  })
}

/** A page's element as a record to store; an AML screening's matches go into `matches`. */
function elementRecord(
  element: PageElement,
  recordCap: number,
  matches: Map<string, readonly unknown[]>,
): IncomingRecord | null {
  if (element.text === undefined) return oversized(element.skeleton, element.bytes, recordCap)
  const raw = JSON.parse(element.text) as unknown
  const prepared = prepareRecord(raw, element.bytes)
  if (prepared?.kind === 'record' && prepared.record.event_type === 'AML_SCREENING') {
    const found = screeningMatches(raw)
    if (found) matches.set(prepared.id, found)
  }
  return prepared
}

/** Newest first when the first dated record is later than the last, oldest first when earlier. */
export function orderOf(records: readonly MirrorRecord[]): HistoryOrder | null {
  const dated = records.filter((record) => record.at !== null)
  const first = dated[0]?.at?.getTime()
  const last = dated.at(-1)?.at?.getTime()
  if (first === undefined || last === undefined || first === last) return null
  return first > last ? 'newest_first' : 'oldest_first'
}
