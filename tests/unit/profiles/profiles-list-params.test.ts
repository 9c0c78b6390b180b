import { profileListPath } from '@/lib/routes'
import { describe, expect, it } from 'vitest'

import { pageAfterResize, parseProfileListParams, toUpstreamPage } from '@/lib/profiles/list-params'

describe('parseProfileListParams', () => {
  it('reads a page counted from 1 and an allowed page size', () => {
    expect(parseProfileListParams({ page: '3', limit: '50' })).toEqual({
      params: { page: 3, limit: 50 },
      canonical: true,
    })
  })

  it('defaults to the first page of 25 without marking the bare URL for rewriting', () => {
    expect(parseProfileListParams({})).toEqual({ params: { page: 1, limit: 25 }, canonical: true })
  })

  it.each([
    ['abc', 1],
    ['0', 1],
    ['-2', 1],
    ['1.5', 1],
    ['', 1],
    ['99999999', 1],
    ['02', 2],
  ])('falls back from page=%s to page %i and asks for the canonical URL', (raw, page) => {
    const result = parseProfileListParams({ page: raw })
    expect(result.params.page).toBe(page)
    expect(result.canonical).toBe(false)
  })

  it.each(['7', '0', '1000', 'ten', '25.0'])('falls back from limit=%s to 25', (raw) => {
    expect(parseProfileListParams({ limit: raw })).toEqual({
      params: { page: 1, limit: 25 },
      canonical: false,
    })
  })

  it('takes no value from a repeated parameter', () => {
    expect(parseProfileListParams({ page: ['2', '3'], limit: '10' }).canonical).toBe(false)
  })
})

describe('paging helpers', () => {
  it('translates the human page to the upstream 0-based page', () => {
    expect(toUpstreamPage(1)).toBe(0)
    expect(toUpstreamPage(4)).toBe(3)
  })

  it('writes both values into the list URL', () => {
    expect(profileListPath({ page: 2, limit: 10 })).toBe('/profiles?page=2&limit=10')
  })

  it('keeps the first visible row on screen after a page size change', () => {
    // Page 3 of size 10 starts at row 21, which is on page 1 of size 25.
    expect(pageAfterResize(3, 10, 25)).toBe(1)
    expect(pageAfterResize(4, 25, 10)).toBe(8)
    expect(pageAfterResize(1, 100, 10)).toBe(1)
  })
})
