import { describe, expect, it } from 'vitest'

import { epochToDate } from '@/lib/util/time'

describe('epochToDate', () => {
  it('reads a value in seconds, like the real media payloads', () => {
    // 1676397261 s is the published_at of a real AML media item: 2023-02-14.
    expect(epochToDate(1676397261)?.toISOString()).toBe('2023-02-14T17:54:21.000Z')
  })

  it('reads a value in milliseconds as the same instant', () => {
    expect(epochToDate(1676397261000)?.toISOString()).toBe('2023-02-14T17:54:21.000Z')
  })

  it('reads values on both sides of the 1e11 boundary as plausible dates', () => {
    // Just below: seconds, year 5138. At and above: milliseconds, 1973.
    expect(epochToDate(99_999_999_999)?.getUTCFullYear()).toBe(5138)
    expect(epochToDate(100_000_000_000)?.getUTCFullYear()).toBe(1973)
  })

  it('reads small values as seconds after 1970', () => {
    expect(epochToDate(0)?.toISOString()).toBe('1970-01-01T00:00:00.000Z')
    expect(epochToDate(86_400)?.toISOString()).toBe('1970-01-02T00:00:00.000Z')
  })

  it('gives null for missing, negative or non-finite values', () => {
    expect(epochToDate(null)).toBeNull()
    expect(epochToDate(undefined)).toBeNull()
    expect(epochToDate(-1)).toBeNull()
    expect(epochToDate(Number.NaN)).toBeNull()
    expect(epochToDate(Number.POSITIVE_INFINITY)).toBeNull()
  })
})
