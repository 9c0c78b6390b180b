import 'server-only'

import { detailsOf, type MatchDetails } from '@/lib/aml/details'
import { projectAmlSearch } from '@/lib/projection/project'
import type { Projected } from '@/lib/projection/projected'
import type { RefKey } from '@/lib/projection/record-ref'
import type { AmlMatch, AmlSearchResult } from '@/lib/upstream/schemas'

// A few milliseconds of work: small enough that the first screen's HTML, and the stylesheet and
// scripts the browser asks for as soon as it has the head, are served between two slices.
const SLICE = 25

/**
 * Each match's details, projected a slice at a time with a turn of the event loop before each:
 * the server renders and sends the report's first screen in those turns rather than after the
 * work of a big report. A slice is a sparse copy of the report, so every value keeps its path
 * (`data.7.fields...`) and its masked token is the one the whole report's projection gives.
 */
export async function projectDetails(
  raw: AmlSearchResult,
  searchId: string,
  key: RefKey,
): Promise<Record<string, MatchDetails<Projected<AmlMatch>>>> {
  const details: Record<string, MatchDetails<Projected<AmlMatch>>> = {}
  for (let from = 0; from < raw.data.length; from += SLICE) {
    await new Promise((resolve) => setImmediate(resolve))
    const to = Math.min(from + SLICE, raw.data.length)
    const slice = new Array<AmlMatch>(raw.data.length)
    for (let index = from; index < to; index++) slice[index] = raw.data[index]!
    const projected = projectAmlSearch({ ...raw, data: slice }, searchId, key).data
    Object.assign(details, detailsOf(projected.slice(from, to)))
  }
  return details
}
