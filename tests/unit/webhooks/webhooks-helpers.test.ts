import { describe, expect, it } from 'vitest'

import { readAmlScreening, readVerificationShortId } from '@/lib/webhooks/aml-screening'
import { dayKey, dayLabel, timelineRows, UNKNOWN_DAY } from '@/lib/webhooks/days'
import { classifyDelivery } from '@/lib/webhooks/delivery'
import { flattenPages } from '@/lib/webhooks/pages'
import { summarizeRecord } from '@/lib/webhooks/summary'

describe('day grouping in a time zone', () => {
  it('puts a late-evening UTC record on the next day east of UTC and the same day west of it', () => {
    const at = '2026-10-31T23:30:00Z'
    expect(dayKey(at, 'UTC')).toBe('2026-10-31')
    expect(dayKey(at, 'Europe/Berlin')).toBe('2026-11-01')
    expect(dayKey('2026-11-01T03:00:00Z', 'America/New_York')).toBe('2026-10-31')
  })

  it('heads each run of same-day records, keeping the upstream order', () => {
    const records = [
      { id: 'a', timestamp: '2026-11-01T10:00:00Z' },
      { id: 'b', timestamp: '2026-11-01T01:00:00Z' },
      { id: 'c', timestamp: '2026-10-30T12:00:00Z' },
      { id: 'd', timestamp: 'not a date' },
    ]
    const rows = timelineRows(records, 'UTC')
    expect(
      rows.map((row) => (row.kind === 'day' ? `${row.label} (${row.count})` : row.record.id)),
    ).toEqual([
      'Sun, 1 Nov 2026 (2)',
      'a',
      'b',
      'Fri, 30 Oct 2026 (1)',
      'c',
      'Unknown date (1)',
      'd',
    ])
  })

  it('regroups the same records when the zone changes', () => {
    const records = [
      { id: 'a', timestamp: '2026-11-01T00:30:00Z' },
      { id: 'b', timestamp: '2026-10-31T23:30:00Z' },
    ]
    expect(timelineRows(records, 'UTC').filter((row) => row.kind === 'day')).toHaveLength(2)
    expect(timelineRows(records, 'Asia/Tokyo').filter((row) => row.kind === 'day')).toHaveLength(1)
    expect(dayLabel(UNKNOWN_DAY)).toBe('Unknown date')
  })
})

describe('flattenPages', () => {
  it('appends pages without duplicates and counts what the newest page added', () => {
    const pages = [{ data: [{ id: '1' }, { id: '2' }] }, { data: [{ id: '2' }, { id: '3' }] }]
    expect(flattenPages(pages)).toEqual({
      records: [{ id: '1' }, { id: '2' }, { id: '3' }],
      lastPageAdded: 1,
    })
    expect(flattenPages([...pages, { data: [{ id: '3' }] }]).lastPageAdded).toBe(0)
    expect(flattenPages([])).toEqual({ records: [], lastPageAdded: 0 })
  })
})

describe('classifyDelivery', () => {
  it('is null when the record reports nothing about delivery', () => {
    expect(classifyDelivery({})).toBeNull()
  })

  it('tells delivered, failed and pending apart', () => {
    expect(classifyDelivery({ attempts: 1, response_code: 200 })?.state).toBe('delivered')
    expect(classifyDelivery({ attempts: 1, response_code: '204' })?.state).toBe('delivered')
    expect(classifyDelivery({ attempts: 4, response_code: 502 })?.state).toBe('failed')
    expect(classifyDelivery({ attempts: 5, response_code: 'timeout' })).toEqual({
      state: 'failed',
      attempts: 5,
      responseCode: 'timeout',
      lastAttemptAt: null,
    })
    expect(classifyDelivery({ attempts: 0, response_code: '' })?.state).toBe('pending')
  })
})

describe('readAmlScreening', () => {
  const request = {
    full_name: 'JOHN DOE',
    countries: ['GB', 7],
    date_of_birth: { gte: '1984-01-01', lte: '1984-12-31' },
    risk_scores: ['High'],
    fuzziness: true,
    fuzziness_level: 2,
    phonetics: false,
    mode: 'AUTO',
  }

  it('reads the request and the result under either name', () => {
    const result = {
      search_uuid: 'a4dac0fc-495b-4a1b-8712-4f1a0231260e',
      data: [{ uuid: 'm1', risk_score: 'Low' }, { uuid: 'm2', risk_score: 'High' }, { uuid: 'm3' }],
    }
    const aml = readAmlScreening({
      search_request: request,
      search_result: result,
      external_id: 'crm-1',
    })
    expect(aml).toMatchObject({
      requestedName: 'JOHN DOE',
      countries: ['GB'],
      dateOfBirth: { from: '1984-01-01', to: '1984-12-31' },
      fuzzinessLevel: 2,
      phonetics: false,
      searchUuid: result.search_uuid,
      matchCount: 3,
      highestRisk: 'High',
      externalId: 'crm-1',
    })
    expect(readAmlScreening({ search_response: result })?.matchCount).toBe(3)
  })

  it('prefers max_risk_score, and falls back to the assigned score only without a result', () => {
    expect(
      readAmlScreening({ search_response: { max_risk_score: 'Medium', data: [] } })?.highestRisk,
    ).toBe('Medium')
    expect(
      readAmlScreening({ search_response: { data: [] }, risk_score: { type: 'Low' } })?.highestRisk,
    ).toBeNull()
    expect(readAmlScreening({ risk_score: { type: 'Low' } })).toMatchObject({
      highestRisk: 'Low',
      matchCount: null,
    })
  })

  it('survives payloads of the wrong shape', () => {
    expect(readAmlScreening(null)).toBeNull()
    expect(readAmlScreening([1, 2])).toBeNull()
    expect(
      readAmlScreening({ search_request: 'x', search_response: { data: 'none' } }),
    ).toMatchObject({
      requestedName: null,
      countries: [],
      matchCount: null,
    })
  })

  it('links a verification only when the payload names its short id', () => {
    expect(readVerificationShortId({ verification_url_id: 'V111BBB013311111' })).toBe(
      'V111BBB013311111',
    )
    expect(readVerificationShortId({ verification_url_id: 'not a/short id' })).toBeNull()
    expect(
      readVerificationShortId({ applicant_id: 'c17f48fa-dfc7-4f20-9c3f-97f6c0a4498f' }),
    ).toBeNull()
  })
})

describe('summarizeRecord', () => {
  it('summarises each known type by what identifies it', () => {
    expect(
      summarizeRecord('DOCVER', {
        id: 'v1',
        status: 'failed',
        verification_url_id: 'V111BBB013311111',
      }),
    ).toEqual({
      kind: 'verification',
      verificationShortId: 'V111BBB013311111',
      verificationId: 'v1',
      status: 'failed',
      applicantId: null,
    })
    expect(
      summarizeRecord('DOCVER_CHECKS', {
        verification_id: 'v2',
        step: 'liveness',
        result: { status: 'failed', errors: [{ code: 5001 }, { code: 5002 }] },
      }),
    ).toMatchObject({ kind: 'check', step: 'liveness', status: 'failed', errorCount: 2 })
  })

  it('gives an unknown type the identifying members it has, and nothing when it has none', () => {
    expect(
      summarizeRecord('APPLICANT_UPDATED', {
        applicant_id: 'a1',
        external_id: 'crm-9',
        changed_fields: ['email'],
      }),
    ).toEqual({
      kind: 'other',
      facts: [
        { label: 'applicant id', value: 'a1' },
        { label: 'external id', value: 'crm-9' },
      ],
    })
    expect(summarizeRecord('SOMETHING_NEW', 'plain text')).toEqual({ kind: 'other', facts: [] })
    expect(summarizeRecord('AML_SCREENING', 42)).toEqual({ kind: 'other', facts: [] })
  })
})
