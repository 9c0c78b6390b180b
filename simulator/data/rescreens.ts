import type { AmlSearchResult } from '@/lib/upstream/schemas'

import type { AddedSpec } from './added-spec'
import type { SimHistory } from './history'

/*
 * The demo's daily re-screenings (SIM_RESCREEN_AFTER_S): some High and Medium risk screenings of
 * the history, a few days old, sent again as the provider's monitoring does, most unchanged, some
 * with a match that gained a source and some with a new match. Picked from the history as served,
 * so the same data set picks the same screenings.
 */

const SKIP_NEWEST = 150
const LOOKED_AT = 1_000

type Screening = {
  event_type?: string
  payload?: { applicant_id?: string; search_response?: AmlSearchResult }
}

export function demoRescreens(history: SimHistory, count = 8): AddedSpec[] {
  const served = history.page(null, null, 0, LOOKED_AT)?.items ?? []
  const records = (history.order === 'newest' ? served : [...served].reverse())
    .slice(SKIP_NEWEST)
    .map((json) => JSON.parse(json) as Screening)
  const specs: AddedSpec[] = []
  for (const record of records) {
    const result = record.payload?.search_response
    const applicantId = record.payload?.applicant_id
    if (record.event_type !== 'AML_SCREENING' || !result || !applicantId) continue
    if (!['High', 'Medium'].includes(result.max_risk_score ?? '')) continue
    if (result.data.length === 0 || result.data.length > 3) continue
    const nth = specs.length
    specs.push({
      applicantId,
      rescreen: { of: result, changed: nth % 3 === 1 ? 1 : 0, added: nth % 4 === 2 ? 1 : 0 },
    })
    if (specs.length === count) break
  }
  return specs
}
