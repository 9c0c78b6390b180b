import { createHash } from 'node:crypto'
import { readdirSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { contentDigest, sortedJson } from '@/lib/history-mirror/extract'

import { loadRealPayload, REAL_PAYLOADS_DIR } from '../helpers/real-payloads'

/*
 * The digest decides whether a record the mirror meets again says something new (a changed match
 * must never pass as unchanged), and every stored row keeps one: its text must not change from one
 * release to the next. The oracle is the first, plain way of writing it.
 */
function oracle(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(oracle).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${oracle((value as Record<string, unknown>)[key])}`)
    return `{${entries.join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

const awkward: unknown[] = [
  null,
  0,
  -0,
  1e21,
  2.5e-7,
  true,
  '',
  'quote " backslash \\ newline \n tab \t nul \u0000 lone \ud800 emoji 😀',
  [],
  {},
  [null, [[]], {}, [1, 'a', false]],
  { '10': 'ten', '2': 'two', '1': 'one', b: 1, a: 2, A: 3, _: 4, é: 5, '': 6 },
  { __proto__: null, constructor: 'c', toString: 't' },
  JSON.parse('{"__proto__": {"x": 1}, "z": [ {"b": 1, "a": [ {"d": null, "c": "é"} ]} ]}'),
  { payload: { matches: [{ score: 0.93, names: ['Иван', 'Ἰωάννης'] }], risk: 'High' } },
]

describe('content digest', () => {
  it('writes what the plain sorted JSON wrote, for the awkward cases', () => {
    for (const value of awkward) expect(sortedJson(value)).toBe(oracle(value))
  })

  it('writes what the plain sorted JSON wrote, for every example payload of the provider', () => {
    const files = readdirSync(REAL_PAYLOADS_DIR).filter((name) => name.endsWith('.json'))
    expect(files.length).toBeGreaterThan(10)
    for (const name of files) {
      const payload = loadRealPayload(name)
      expect(sortedJson({ event_type: 'AML_SCREENING', payload }), name).toBe(
        oracle({ event_type: 'AML_SCREENING', payload }),
      )
    }
  })

  it('is the SHA-256 of that text, whatever the key order, and changes with any value', () => {
    const payload = { b: [{ y: 1, x: 2 }], a: 'name' }
    const expected = createHash('sha256')
      .update('{"event_type":"AML_SCREENING","payload":{"a":"name","b":[{"x":2,"y":1}]}}')
      .digest('hex')
    expect(contentDigest('AML_SCREENING', payload)).toBe(expected)
    expect(contentDigest('AML_SCREENING', { a: 'name', b: [{ x: 2, y: 1 }] })).toBe(expected)
    expect(contentDigest('AML_SCREENING', { a: 'name', b: [{ x: 2, y: 2 }] })).not.toBe(expected)
    expect(contentDigest('AML_SCREENING', { a: 'name', b: [{ y: 1 }, { x: 2 }] })).not.toBe(
      expected,
    )
  })
})
