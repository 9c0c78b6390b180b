import { describe, expect, it } from 'vitest'

import { mrzDateToIso } from '@/lib/verifications/mrz-date'

const read = new Date('2026-11-01T12:00:00Z')

describe('mrzDateToIso – birth dates lie in the past', () => {
  it('puts a year after the current two-digit year in the 1900s', () => {
    expect(mrzDateToIso('880321', 'birth', read)).toBe('1988-03-21')
  })

  it('puts a year up to today in the 2000s', () => {
    expect(mrzDateToIso('081015', 'birth', read)).toBe('2008-10-15')
    expect(mrzDateToIso('261101', 'birth', read)).toBe('2026-11-01')
  })

  it('moves a date later this year, still in the future, to the previous century', () => {
    expect(mrzDateToIso('261102', 'birth', read)).toBe('1926-11-02')
  })
})

describe('mrzDateToIso – expiry dates may lie ahead', () => {
  it('keeps a near-future expiry in the 2000s', () => {
    expect(mrzDateToIso('320119', 'expiry', read)).toBe('2032-01-19')
    expect(mrzDateToIso('280628', 'expiry', read)).toBe('2028-06-28')
  })

  it('reads an expiry within 50 years of the reading date in this century', () => {
    expect(mrzDateToIso('760101', 'expiry', read)).toBe('2076-01-01')
  })

  it('reads an expiry more than 50 years ahead as a past date', () => {
    expect(mrzDateToIso('990101', 'expiry', read)).toBe('1999-01-01')
  })
})

describe('mrzDateToIso – invalid input', () => {
  it.each([
    ['', 'empty'],
    ['88032', 'five digits'],
    ['8803211', 'seven digits'],
    ['88-3-21', 'separators'],
    ['881321', 'month 13'],
    ['880230', '30 February'],
    ['880000', 'month and day 00'],
    ['88<<<<', 'filler characters'],
  ])('gives null for %s (%s)', (value) => {
    expect(mrzDateToIso(value, 'birth', read)).toBeNull()
  })

  it('accepts 29 February only in a leap year', () => {
    expect(mrzDateToIso('000229', 'birth', read)).toBe('2000-02-29')
    expect(mrzDateToIso('010229', 'birth', read)).toBeNull()
  })

  it('gives null for a missing value', () => {
    expect(mrzDateToIso(null, 'expiry', read)).toBeNull()
    expect(mrzDateToIso(undefined, 'expiry', read)).toBeNull()
  })
})
