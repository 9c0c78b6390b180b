import { describe, expect, it } from 'vitest'

import {
  MalformedPageError,
  PageSplitter,
  type PageElement,
} from '@/lib/history-mirror/page-stream'

/*
 * A history page split into its records as its bytes arrive (lib/history-mirror/page-stream.ts):
 * the same records whatever the chunks, strings with escapes and brackets left alone, a record
 * over the cap reduced to its skeleton, and a page cut off refused.
 */

function split(body: string, cap: number, chunk: number) {
  const elements: PageElement[] = []
  const splitter = new PageSplitter(cap, (element) => elements.push(element))
  const bytes = Buffer.from(body)
  for (let at = 0; at < bytes.length; at += chunk) splitter.push(bytes.subarray(at, at + chunk))
  return { elements, ...splitter.end(), total: splitter.total }
}

const tricky = {
  id: 'a',
  name: 'x ,]}{[ "quoted" \\ back\\slash \u00e9 \u{1F600}',
  n: [1, { m: 2 }],
}
const big = {
  id: 'big',
  timestamp: '2026-11-20T12:00:00Z',
  payload: {
    applicant_id: 'app-1',
    search_response: { search_uuid: 'uuid-1', data: [{ text: 'y'.repeat(2_000) }] },
    deeper: { still: { gone: 'z' } },
  },
}

describe('splitting a history page', () => {
  it.each([1, 2, 3, 7, 64, 100_000])('gives the same records in chunks of %i bytes', (size) => {
    const body = JSON.stringify({ has_next: true, data: [tricky, big, 7], extra: [{ data: [] }] })
    const { elements, hasNext, total } = split(body, 1_000, size)
    expect(hasNext).toBe(true)
    expect(total).toBe(Buffer.byteLength(body))
    expect(elements).toHaveLength(3)
    expect(JSON.parse(elements[0]?.text ?? '')).toEqual(tricky)
    // Over the cap: only its skeleton, arrays and objects deeper than three gone.
    expect(elements[1]).toEqual({
      bytes: Buffer.byteLength(JSON.stringify(big)),
      skeleton: {
        id: 'big',
        timestamp: '2026-11-20T12:00:00Z',
        payload: {
          applicant_id: 'app-1',
          search_response: { search_uuid: 'uuid-1', data: null },
          deeper: { still: null },
        },
      },
    })
    expect(elements[2]?.text).toBe('7')
  })

  it('reads has_next wherever it comes, and false when it is absent', () => {
    expect(split('{"has_next":false,"data":[]}', 100, 3).hasNext).toBe(false)
    expect(split('{"data":[{"id":"x"}] , "has_next" : true }', 100, 5).hasNext).toBe(true)
    expect(split('{"data":[]}', 100, 5).hasNext).toBe(false)
  })

  it('refuses a page cut off, or one without its data', () => {
    expect(() => split('{"data":[{"id":"x"}', 100, 4)).toThrow(MalformedPageError)
    expect(() => split('{"items":[]}', 100, 4)).toThrow(MalformedPageError)
  })
})
