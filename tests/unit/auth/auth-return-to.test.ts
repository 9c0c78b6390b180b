import { describe, expect, it } from 'vitest'

import { safeReturnTo } from '@/lib/auth/return-to'

describe('safeReturnTo', () => {
  it.each([
    ['/verifications/VF57124F182867E0', '/verifications/VF57124F182867E0'],
    ['/profiles?page=2&limit=50', '/profiles?page=2&limit=50'],
    // Path and query only: a fragment never reaches the server, so only a crafted link has one.
    ['/aml/123#match-4', '/aml/123'],
  ])('keeps the same-origin path %s', (input, expected) => {
    expect(safeReturnTo(input)).toBe(expected)
  })

  it.each([
    ['an absolute URL', 'https://evil.example/phish'],
    ['a protocol-relative URL', '//evil.example/phish'],
    ['a backslash trick', '/\\evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a path with a newline', '/profiles\nLocation: https://evil.example'],
    ['a tab-smuggled host', '/\t/evil.example'],
    ['a relative path', 'profiles'],
    ['nothing', null],
    ['the sign-in page itself', '/auth/sign-in?returnTo=/x'],
    ['the callback', '/auth/callback?code=1'],
  ])('sends %s to the home page', (_case, input) => {
    expect(safeReturnTo(input)).toBe('/')
  })
})
