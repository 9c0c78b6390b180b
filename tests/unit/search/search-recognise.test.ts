import { describe, expect, it } from 'vitest'

import { MAX_SEARCH_INPUT, recognise, targetPath } from '@/lib/search/recognise'

const uuid = '0f6a9c5e-2b1d-4c8e-9a7f-3d2e1c0b9a87'

describe('recognise', () => {
  it.each([
    [
      'a canonical short id',
      'VF57124F182867E0',
      { kind: 'verification', shortId: 'VF57124F182867E0' },
    ],
    [
      'a short id in quotes',
      '"VF57124F182867E0".',
      { kind: 'verification', shortId: 'VF57124F182867E0' },
    ],
    ['a short id in another form', 'abc_DEF-1', { kind: 'verification', shortId: 'abc_DEF-1' }],
    [
      'a verification URL on any host',
      'https://verify.example.com/VF57124F182867E0?target=web',
      { kind: 'verification', shortId: 'VF57124F182867E0' },
    ],
    [
      'a Verity verification address',
      'https://verity.internal/verifications/VF57124F182867E0',
      { kind: 'verification', shortId: 'VF57124F182867E0' },
    ],
    [
      'the short /v/ form',
      'http://127.0.0.1:3100/v/VF57124F182867E0',
      { kind: 'verification', shortId: 'VF57124F182867E0' },
    ],
    ['a bare UUID, in capitals', uuid.toUpperCase(), { kind: 'uuid', id: uuid }],
    [
      'a UUID as the only path segment',
      `https://am.dataspike.io/${uuid}`,
      { kind: 'uuid', id: uuid },
    ],
    [
      'a profile link',
      'https://am.dataspike.io/vp/LBY6WV5YRLEFUH5DR?target=web',
      { kind: 'profile-link', linkId: 'LBY6WV5YRLEFUH5DR' },
    ],
    [
      'a messenger profile link',
      'https://am.dataspike.dev/vp/LBY6WV5YRLEFUH5DR?target=tg',
      { kind: 'profile-link', linkId: 'LBY6WV5YRLEFUH5DR' },
    ],
    ['a webhook id with its prefix', `webhook:${uuid}`, { kind: 'webhook', id: uuid }],
    ['a prefix with spaces and capitals', `Webhook : ${uuid}`, { kind: 'webhook', id: uuid }],
    ['a profile id with its prefix', `profile:${uuid}`, { kind: 'profile', id: uuid }],
    ['an AML id with its prefix', `aml=${uuid}`, { kind: 'aml', id: uuid }],
    [
      'a Verity profile address',
      `https://verity.internal/profiles/${uuid}`,
      { kind: 'profile', id: uuid },
    ],
    [
      'a Verity AML address',
      `https://verity.internal/aml/${uuid}#match-x`,
      { kind: 'aml', id: uuid },
    ],
    [
      'a Verity webhook address',
      `https://verity.internal/webhooks?webhook_id=${uuid}`,
      { kind: 'webhook', id: uuid },
    ],
  ])('reads %s', (_case, input, expected) => {
    expect(recognise(input)).toEqual(expected)
  })

  it.each([
    ['an empty string', '', { kind: 'empty' }],
    ['only spaces', '  \n', { kind: 'empty' }],
    ['a sentence', 'hello there', { kind: 'unknown', input: 'hello there' }],
    ['a prefix without a UUID', 'webhook:abc', { kind: 'unknown', input: 'webhook:abc' }],
    ['an id that is too long', 'V'.repeat(65), { kind: 'unknown', input: 'V'.repeat(65) }],
    ['a javascript: URL', 'javascript:alert(1)', { kind: 'unknown', input: 'javascript:alert(1)' }],
    [
      'a deeper path',
      'https://am.dataspike.io/a/b/c',
      { kind: 'unknown', input: 'https://am.dataspike.io/a/b/c' },
    ],
    [
      'a webhook list without an id',
      'https://verity.internal/webhooks',
      { kind: 'unknown', input: 'https://verity.internal/webhooks' },
    ],
  ])('does not take %s for an id', (_case, input, expected) => {
    expect(recognise(input)).toEqual(expected)
  })
})

describe('recognise on long pastes', () => {
  // Shapes that made the old wrapper-stripping expression try again from every position.
  it.each([
    ['closing brackets before a letter', ')'.repeat(100_000) + 'x'],
    ['opening brackets', '('.repeat(100_000)],
    ['a word in 100 kB of quotes and dots', `"${'.'.repeat(50_000)}x${'.'.repeat(50_000)}`],
    ['a prefix and spaces', `profile${' '.repeat(100_000)}x`],
  ])('answers 100 kB of %s in milliseconds, as an unknown text kept short', (_case, input) => {
    const started = performance.now()
    const target = recognise(input)
    // The backtracking expression took 27 s on these; 500 ms leaves room for a loaded CI machine.
    expect(performance.now() - started).toBeLessThan(500)
    expect(target.kind).toBe('unknown')
    expect(target.kind === 'unknown' && target.input.length).toBe(MAX_SEARCH_INPUT)
  })

  it('still unwraps an id inside wrapping up to the cap', () => {
    const wrapped = `${'('.repeat(900)}VF57124F182867E0${')'.repeat(900)}`
    expect(recognise(wrapped)).toEqual({ kind: 'verification', shortId: 'VF57124F182867E0' })
  })
})

describe('targetPath', () => {
  it('opens what needs no lookup, and escapes nothing it does not need to', () => {
    expect(targetPath({ kind: 'verification', shortId: 'abc_DEF-1' })).toBe(
      '/verifications/abc_DEF-1',
    )
    expect(targetPath({ kind: 'profile', id: uuid })).toBe(`/profiles/${uuid}`)
    expect(targetPath({ kind: 'aml', id: uuid })).toBe(`/aml/${uuid}`)
    expect(targetPath({ kind: 'webhook', id: uuid })).toBe(`/webhooks?webhook_id=${uuid}`)
  })

  it('has no page for a UUID of unknown kind or a profile link', () => {
    expect(targetPath({ kind: 'uuid', id: uuid })).toBeNull()
    expect(targetPath({ kind: 'profile-link', linkId: 'LBY6' })).toBeNull()
  })
})
