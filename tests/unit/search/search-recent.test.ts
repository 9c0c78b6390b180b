import { describe, expect, it } from 'vitest'

import { recentFromLocation } from '@/lib/recent/from-location'
import { parseRecent, withRecent } from '@/lib/recent/recent-records'

const uuid = '0f6a9c5e-2b1d-4c8e-9a7f-3d2e1c0b9a87'

describe('recently opened records', () => {
  it('keeps only kinds and ids, dropping anything else that was stored', () => {
    const stored = JSON.stringify([
      { kind: 'profile', id: uuid, name: 'Jane Doe' },
      { kind: 'verification', id: 'VF57124F182867E0', email: 'jane@example.com' },
      { kind: 'person', id: uuid },
      { kind: 'aml', id: 'not-a-uuid' },
      { kind: 'verification', id: uuid },
      'junk',
      null,
    ])
    expect(parseRecent(stored)).toEqual([
      { kind: 'profile', id: uuid },
      { kind: 'verification', id: 'VF57124F182867E0' },
    ])
  })

  it('reads nothing from broken or missing storage', () => {
    expect(parseRecent(null)).toEqual([])
    expect(parseRecent('{not json')).toEqual([])
    expect(parseRecent('{"kind":"profile"}')).toEqual([])
  })

  it('moves a reopened record to the front once, and keeps eight at most', () => {
    let list = withRecent([], { kind: 'profile', id: uuid })
    for (let n = 0; n < 9; n++) list = withRecent(list, { kind: 'verification', id: `V${n}` })
    list = withRecent(list, { kind: 'verification', id: 'V3' })
    expect(list).toHaveLength(8)
    expect(list[0]).toEqual({ kind: 'verification', id: 'V3' })
    expect(list.filter((record) => record.id === 'V3')).toHaveLength(1)
    expect(list.some((record) => record.kind === 'profile')).toBe(false)
  })
})

describe('recentFromLocation', () => {
  it.each([
    ['/verifications/VF57124F182867E0', null, { kind: 'verification', id: 'VF57124F182867E0' }],
    [`/profiles/${uuid}`, null, { kind: 'profile', id: uuid }],
    [`/aml/${uuid}`, null, { kind: 'aml', id: uuid }],
    ['/webhooks', uuid, { kind: 'webhook', id: uuid }],
  ])('names the record on %s', (pathname, webhookId, expected) => {
    expect(recentFromLocation(pathname, webhookId)).toEqual(expected)
  })

  it.each([
    ['/'],
    ['/profiles'],
    ['/webhooks'],
    ['/profiles/not-a-uuid'],
    [`/aml/${uuid}/extra`],
    ['/verifications/%E0%A4%A'],
  ])('names no record on %s', (pathname) => {
    expect(recentFromLocation(pathname, null)).toBeNull()
  })
})
