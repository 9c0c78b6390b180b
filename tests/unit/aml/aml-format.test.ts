import { describe, expect, it } from 'vitest'

import { formatDateRange, formatPlace, sentimentLabel } from '@/lib/aml/format'
import { bestMatchName, newestFirst, unknownMembers } from '@/lib/aml/match'

describe('formatDateRange', () => {
  it('shows one date when both ends fall on the same day', () => {
    expect(formatDateRange({ gte: '1961-03-14T00:00:00Z', lte: '1961-03-14T23:59:59Z' })).toBe(
      '1961-03-14',
    )
  })

  it('shows a span, and open ends in words', () => {
    expect(formatDateRange({ gte: '1961-01-01T00:00:00Z', lte: '1961-12-31T23:59:59Z' })).toBe(
      '1961-01-01 – 1961-12-31',
    )
    expect(formatDateRange({ gte: '1961-01-01T00:00:00Z' })).toBe('from 1961-01-01')
    expect(formatDateRange({ lte: '1961-12-31T00:00:00Z' })).toBe('until 1961-12-31')
  })

  it('keeps unparseable text and gives null for an empty range', () => {
    expect(formatDateRange({ gte: 'circa 1960' })).toBe('from circa 1960')
    expect(formatDateRange({})).toBeNull()
    expect(formatDateRange(null)).toBeNull()
  })
})

describe('formatPlace', () => {
  it('joins the parts present in postal order with the country named', () => {
    expect(
      formatPlace({
        address: '12 Baker Street',
        postal_code: 'NW1',
        city: 'London',
        region: '',
        country: 'GB',
      }),
    ).toBe('12 Baker Street, NW1 London, United Kingdom (GB)')
  })
})

describe('sentimentLabel', () => {
  it('reads negative, neutral and positive with a band around zero', () => {
    expect([
      sentimentLabel(-0.6),
      sentimentLabel(-0.05),
      sentimentLabel(0),
      sentimentLabel(0.05),
      sentimentLabel(0.4),
    ]).toEqual(['negative', 'neutral', 'neutral', 'neutral', 'positive'])
  })
})

describe('newestFirst', () => {
  it('orders media by date whether published_at is in seconds or milliseconds, undated last', () => {
    const items = [
      { id: 'old-s', published_at: 1_500_000_000 },
      { id: 'none' },
      { id: 'new-ms', published_at: 1_700_000_000_000 },
      { id: 'mid-s', published_at: 1_600_000_000 },
    ]
    expect(newestFirst(items).map((i) => i.id)).toEqual(['new-ms', 'mid-s', 'old-s', 'none'])
  })
})

describe('bestMatchName and unknownMembers', () => {
  it('leads with best_match_name, else the first name record', () => {
    expect(bestMatchName({ uuid: 'x', search_metadata: { best_match_name: 'Ivan Petrov' } })).toBe(
      'Ivan Petrov',
    )
    expect(
      bestMatchName({
        uuid: 'x',
        fields: { names: [{ lang: 'en' }, { first_name: 'Ivan', last_name: 'Petrov' }] },
      }),
    ).toBe('Ivan Petrov')
    expect(bestMatchName({ uuid: 'x' })).toBeNull()
  })

  it('collects members the reference does not name, leaving empty ones out', () => {
    const match = {
      uuid: 'x',
      type: 'Person',
      vendor_flag: true,
      empty: [],
      fields: { names: [], vessel_flag: 'PA' },
    }
    expect(unknownMembers(match)).toEqual({ vendor_flag: true, 'fields.vessel_flag': 'PA' })
    expect(unknownMembers({ uuid: 'x' })).toBeNull()
  })
})
