import { describe, expect, it } from 'vitest'

import { isShortId, isUuid, parseVerificationRef } from '@/lib/util/ids'

describe('parseVerificationRef', () => {
  it.each([
    ['a bare short id', 'VF57124F182867E0', 'VF57124F182867E0'],
    ['a bare id with surrounding spaces', '  VDBA1B2EA6A28A7D2 \n', 'VDBA1B2EA6A28A7D2'],
    ['an id in another form', 'abc_DEF-1', 'abc_DEF-1'],
    ['a production URL', 'https://am.dataspike.io/VF57124F182867E0', 'VF57124F182867E0'],
    ['a sandbox URL', 'https://am.dataspike.dev/V111BBB013311111', 'V111BBB013311111'],
    ['a URL on any host', 'https://verify.example.com/VF57124F182867E0', 'VF57124F182867E0'],
    [
      'a URL with a trailing slash',
      'https://am.dataspike.io/VF57124F182867E0/',
      'VF57124F182867E0',
    ],
    [
      'a URL with a query string',
      'https://am.dataspike.io/VF57124F182867E0?target=web&x=1',
      'VF57124F182867E0',
    ],
    ['a URL with a fragment', 'https://am.dataspike.io/VF57124F182867E0#top', 'VF57124F182867E0'],
  ])('reads %s', (_case, input, expected) => {
    expect(parseVerificationRef(input)).toBe(expected)
  })

  it.each([
    ['a profile link', 'https://am.dataspike.io/vp/LBY6WV5YRLEFUH5DR?target=web'],
    ['a profile link for the messenger', 'https://am.dataspike.io/vp/LBY6WV5YRLEFUH5DR?target=tg'],
    ['an empty string', ''],
    ['only spaces', '   '],
    ['a sentence', 'not an id'],
    ['a path traversal', '../VF57124F182867E0'],
    ['an encoded slash', 'VF57%2F124'],
    ['an id that is too long', 'V'.repeat(65)],
    ['a host without a path', 'https://am.dataspike.io/'],
    ['a deeper path', 'https://am.dataspike.io/a/b/c'],
    ['another scheme', 'javascript:alert(1)'],
    ['an ftp URL', 'ftp://am.dataspike.io/VF57124F182867E0'],
    ['a URL whose segment is not an id', 'https://am.dataspike.io/VF57%20124'],
  ])('gives null for %s', (_case, input) => {
    expect(parseVerificationRef(input)).toBeNull()
  })
})

describe('isUuid and isShortId', () => {
  it('accepts UUIDs without RFC 4122 version bits, in either case', () => {
    expect(isUuid('01827ed4-c928-7adc-ea30-7ab7cc169d11')).toBe(true)
    expect(isUuid('01827ED4-C928-7ADC-EA30-7AB7CC169D11')).toBe(true)
  })

  it.each([
    '',
    '01827ed4c9287adcea307ab7cc169d11',
    '01827ed4-c928-7adc-ea30-7ab7cc169d1',
    '01827ed4-c928-7adc-ea30-7ab7cc169d11x',
    'g1827ed4-c928-7adc-ea30-7ab7cc169d11',
  ])('rejects %j as a UUID', (value) => {
    expect(isUuid(value)).toBe(false)
  })

  it('accepts 64 id characters and rejects 65', () => {
    expect(isShortId('a'.repeat(64))).toBe(true)
    expect(isShortId('a'.repeat(65))).toBe(false)
  })
})
