import type { AmlMatch, AmlSearchResult } from '@/lib/upstream/schemas'
import type { RawWebhookRecord } from './dataset-webhooks'
import { HOSTILE_KINDS, type AddedSpec, type HostileKind } from './added-spec'

/*
 * Records a hostile or broken upstream may send, each valid JSON that a store may refuse: a NUL in
 * a name, a timestamp JavaScript reads but PostgreSQL cannot hold, an id or applicant id too long
 * for an index, and a screening too large to keep (about 9 MB, over the mirror's default cap of
 * 8 MB). SIM_HISTORY_HOSTILE=1 adds one of each between good records; `POST /__sim/history`
 * `{"hostile": "<kind>"}` adds one.
 */

const LONG = 6_000
/** Matches of the oversized screening, each about 3 KB. */
const OVERSIZED_MATCHES = 3_000

/** The record (and its report, for a screening) made hostile; `sequence` keeps long ids apart. */
export function hostile(
  kind: HostileKind,
  sequence: number,
  record: RawWebhookRecord,
  result: AmlSearchResult | null,
): void {
  const payload = record.payload as {
    applicant_id?: string
    search_request?: { full_name?: string }
    search_response?: AmlSearchResult
  }
  switch (kind) {
    case 'nul-name': {
      const name = 'NUL\u0000 HOSTILE'
      if (payload.search_request) payload.search_request.full_name = name
      if (payload.search_response) payload.search_response.requested_name = name
      break
    }
    case 'far-timestamp':
      record.timestamp = '-271821-04-20T00:00:00Z'
      break
    case 'long-id':
      record.id = `${String(sequence).padStart(8, '0')}-${'i'.repeat(LONG)}`
      break
    case 'long-applicant-id':
      payload.applicant_id = `${String(sequence).padStart(8, '0')}-${'a'.repeat(LONG)}`
      break
    case 'oversized': {
      const data: AmlMatch[] = Array.from({ length: OVERSIZED_MATCHES }, (_, index) => ({
        uuid: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
        type: 'Person',
        tags: ['Media'],
        fields: {
          names: [{ full_name: `Match ${index}` }],
          media: [{ headline: `Article ${index}`, summary: 'lorem ipsum '.repeat(250) }],
        },
        risk_score: 'Low',
      }))
      if (payload.search_response) payload.search_response.data = data
      if (result) result.data = data
      break
    }
  }
}

/** One record of each kind, each between two good screenings (SIM_HISTORY_HOSTILE=1). */
export function hostileSpecs(): AddedSpec[] {
  return [
    { risk: 'High' },
    ...HOSTILE_KINDS.flatMap((kind): AddedSpec[] => [
      { risk: 'High', hostile: kind },
      { risk: 'High' },
    ]),
  ]
}
