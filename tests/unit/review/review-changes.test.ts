import { describe, expect, it } from 'vitest'

import {
  compareScreenings,
  isUnchanged,
  previousScreeningRecord,
  screeningResult,
} from '@/lib/review/changes'
import {
  amlSearchResultSchema,
  webhookRecordSchema,
  type AmlMatch,
  type AmlSearchResult,
} from '@/lib/upstream/schemas'
import { loadRealPayload } from '@/tests/unit/helpers/real-payloads'

const hit = (uuid: string, extra: Partial<AmlMatch> = {}): AmlMatch => ({
  uuid,
  type: 'Person',
  risk_score: 'Low',
  fields: { names: [{ full_name: `Person ${uuid}` }] },
  ...extra,
})

const result = (data: AmlMatch[], extra: Partial<AmlSearchResult> = {}): AmlSearchResult => ({
  search_uuid: 's',
  data,
  ...extra,
})

describe('compareScreenings', () => {
  it('lists added and removed matches by uuid', () => {
    const changes = compareScreenings(result([hit('a'), hit('b')]), result([hit('b'), hit('c')]))
    expect(changes.added).toEqual([{ uuid: 'c', name: 'Person c', risk: 'Low', type: 'Person' }])
    expect(changes.removed).toEqual([{ uuid: 'a', name: 'Person a', risk: 'Low', type: 'Person' }])
    expect(isUnchanged(changes)).toBe(false)
  })

  it('reports a changed risk, by string or by number, and the overall risk', () => {
    const changes = compareScreenings(
      result([hit('a'), hit('b', { risk_score: null, risk_score_value: 50 })]),
      result([
        hit('a', { risk_score: 'High' }),
        hit('b', { risk_score: null, risk_score_value: 55 }),
      ]),
    )
    expect(changes.riskChanged).toEqual([
      {
        match: { uuid: 'a', name: 'Person a', risk: 'High', type: 'Person' },
        from: 'Low',
        to: 'High',
      },
    ])
    expect(changes.overall).toEqual({ from: 'Medium', to: 'High' })
  })

  it('reports sources and media the previous screening did not list for the same match', () => {
    const before = hit('a', {
      fields: {
        names: [{ full_name: 'Person a' }],
        sources: [{ name: 'OFAC SDN' }],
        media: [{ headline: 'Old story', source_url: 'https://news.example/1' }],
      },
    })
    const after = hit('a', {
      fields: {
        names: [{ full_name: 'Person a' }],
        sources: [{ name: 'OFAC SDN' }, { name: 'EU Consolidated' }, { name: 'EU Consolidated' }],
        media: [
          { headline: 'Old story, edited', source_url: 'https://news.example/1' },
          { headline: 'New story', source_url: 'https://news.example/2' },
          { source_url: 'https://news.example/3' },
        ],
      },
    })
    const changes = compareScreenings(result([before]), result([after]))
    const summaryA = { uuid: 'a', name: 'Person a', risk: 'Low', type: 'Person' }
    expect(changes.newSources).toEqual([{ match: summaryA, sources: ['EU Consolidated'] }])
    expect(changes.newMedia).toEqual([
      {
        match: summaryA,
        headlines: ['New story', 'https://news.example/3'],
      },
    ])
    expect(changes.riskChanged).toEqual([])
  })

  it('is unchanged for the same matches, and for two empty results', () => {
    const same = [hit('a', { fields: { sources: [{ name: 'X' }] } })]
    expect(isUnchanged(compareScreenings(result(same), result(same)))).toBe(true)
    expect(isUnchanged(compareScreenings(result([]), result([])))).toBe(true)
    const riskOnly = compareScreenings(
      result([hit('a')], { max_risk_score: 'Low' }),
      result([hit('a')], { max_risk_score: 'Medium' }),
    )
    expect(isUnchanged(riskOnly)).toBe(false)
  })

  it('compares the real medium-risk result with the real empty one', () => {
    const medium = amlSearchResultSchema.parse(
      loadRealPayload('aml-search-result-abc-medium-risk.json'),
    )
    const empty = amlSearchResultSchema.parse(
      loadRealPayload('aml-search-result-john-doe-no-matches.json'),
    )
    const changes = compareScreenings(empty, medium)
    expect(changes.added.map((match) => match.name)).toEqual([
      'ABC',
      'ABC DIAGNOSTIC',
      'ABC TIME CORP.',
      'ABC EUREKA MEDICAL RENTALS',
      'ABCO CONTRACTING LLC',
    ])
    expect(changes.added[0]).toMatchObject({ risk: 'Medium', type: 'Organization' })
    expect(changes.overall).toEqual({ from: null, to: 'Medium' })
    expect(compareScreenings(medium, empty).removed).toHaveLength(5)
    expect(isUnchanged(compareScreenings(medium, medium))).toBe(true)
  })
})

describe('previousScreeningRecord', () => {
  type Row = {
    id: string
    event_type?: string | null
    timestamp?: string | null
    payload?: unknown
  }
  const screeningRow = (
    id: string,
    applicant: string,
    searchUuid: string,
    timestamp: string,
  ): Row => ({
    id,
    event_type: 'AML_SCREENING',
    timestamp,
    payload: { applicant_id: applicant, search_response: { search_uuid: searchUuid, data: [] } },
  })
  // Newest first, as the history reads.
  const records: Row[] = [
    screeningRow('r5', 'a1', 's5', '2024-05-05T00:00:00Z'),
    {
      id: 'r4',
      event_type: 'DOCVER',
      timestamp: '2024-05-04T00:00:00Z',
      payload: { applicant_id: 'a1' },
    },
    screeningRow('r3', 'a2', 's3', '2024-05-03T00:00:00Z'),
    screeningRow('r2b', 'a1', 's2', '2024-05-02T12:00:00Z'),
    {
      id: 'r2',
      event_type: 'AML_SCREENING',
      timestamp: '2024-05-02T00:00:00Z',
      // Not normalised: the SDK's name for the result.
      payload: { applicant_id: 'a1', search_result: { search_uuid: 's1', data: [] } },
    },
    screeningRow('r1', 'a1', 's0', '2024-05-01T00:00:00Z'),
  ]

  it('finds the same applicant’s screening just before the current record', () => {
    expect(
      previousScreeningRecord(records, { recordId: 'r5', applicantId: 'a1', searchUuid: 's5' })?.id,
    ).toBe('r2b')
  })

  it('skips a redelivery of the current search and reads search_result payloads', () => {
    expect(
      previousScreeningRecord(records, { recordId: 'r2b', applicantId: 'a1', searchUuid: 's2' })
        ?.id,
    ).toBe('r2')
    const redelivered = [screeningRow('x2', 'a1', 's1', '2024-05-06T00:00:00Z'), ...records]
    expect(
      previousScreeningRecord(redelivered, { recordId: 'x2', applicantId: 'a1', searchUuid: 's1' })
        ?.id,
    ).toBe('r5')
    expect(
      previousScreeningRecord(records, { recordId: 'r2', applicantId: 'a1', searchUuid: 's1' })?.id,
    ).toBe('r1')
  })

  it('finds the current screening by its search uuid when no record id is given', () => {
    expect(previousScreeningRecord(records, { applicantId: 'a1', searchUuid: 's2' })?.id).toBe('r2')
  })

  it('uses the current timestamp when the records do not hold the current screening', () => {
    const current = { applicantId: 'a1', searchUuid: 's9', timestamp: '2024-05-02T06:00:00Z' }
    expect(previousScreeningRecord(records, current)?.id).toBe('r2')
    expect(previousScreeningRecord(records, { applicantId: 'a1', searchUuid: 's9' })).toBeNull()
  })

  it('gives null for the first screening of an applicant or an unknown applicant', () => {
    expect(
      previousScreeningRecord(records, { recordId: 'r1', applicantId: 'a1', searchUuid: 's0' }),
    ).toBeNull()
    expect(
      previousScreeningRecord(records, { recordId: 'r3', applicantId: 'a2', searchUuid: 's3' }),
    ).toBeNull()
    expect(previousScreeningRecord([], { applicantId: 'a1', searchUuid: 's5' })).toBeNull()
  })

  it('works on parsed real records', () => {
    const low = webhookRecordSchema.parse(loadRealPayload('webhook-aml-screening-low-risk.json'))
    const medium = webhookRecordSchema.parse(
      loadRealPayload('webhook-aml-screening-medium-risk.json'),
    )
    // Different applicants in the provider's examples: neither is the other's previous screening.
    expect(
      previousScreeningRecord([low, medium], {
        applicantId: 'c17f48fa-dfc7-4f20-9c3f-97f6c0a4498f',
        searchUuid: '616adf2b-5ae1-4f43-ab65-f43fb32a6dc3',
      }),
    ).toBeNull()
  })
})

describe('screeningResult', () => {
  it('reads the result under either name, and null when it is missing or broken', () => {
    const raw = loadRealPayload('webhook-aml-screening-medium-risk.json') as { payload: unknown }
    expect(screeningResult(raw.payload)?.data).toHaveLength(5)
    const parsed = webhookRecordSchema.parse(raw)
    expect(screeningResult(parsed.payload)?.max_risk_score).toBe('Medium')
    expect(screeningResult({ search_response: { data: [] } })).toBeNull()
    expect(screeningResult({ applicant_id: 'a1' })).toBeNull()
    expect(screeningResult(null)).toBeNull()
  })
})
