import { describe, expect, it } from 'vitest'

import { allowedGroups, isAllowed, verifiedEmail } from '@/lib/auth/allow-list'

const list = { domains: ['example.com'], groups: ['aml-analysts'] }

describe('allow-list', () => {
  it('lets in a verified e-mail of an allowed domain, whatever its case', () => {
    expect(isAllowed({ email: 'Ana@Example.COM', email_verified: true }, list)).toBe(true)
  })

  it('refuses an e-mail the provider says is unverified', () => {
    expect(isAllowed({ email: 'ana@example.com', email_verified: false }, list)).toBe(false)
  })

  it.each([
    ['omits email_verified', {}],
    ['sends email_verified: null', { email_verified: null }],
    ['sends email_verified as the string "true"', { email_verified: 'true' }],
    ['sends email_verified: 1', { email_verified: 1 }],
  ])('refuses an allowed domain when the provider %s', (_case, verified) => {
    expect(isAllowed({ email: 'ana@example.com', ...verified }, list)).toBe(false)
  })

  it('lets a group member in whether or not the e-mail is verified', () => {
    expect(isAllowed({ email: 'ana@example.com', groups: ['aml-analysts'] }, list)).toBe(true)
    expect(
      isAllowed({ email: 'x@other.org', email_verified: false, groups: ['aml-analysts'] }, list),
    ).toBe(true)
  })

  it.each([
    ['two addresses', 'ana@example.com,eve@evil.org'],
    ['two addresses by semicolon', 'ana@example.com;eve@evil.org'],
    ['a display name', 'Ana <ana@example.com>'],
    ['a space', 'ana smith@example.com'],
    ['a line break', 'ana@example.com\nBcc: eve@evil.org'],
    ['a carriage return', 'ana@example.com\r'],
    ['two at signs', 'ana@evil.org@example.com'],
    ['a quoted local part', '"ana,eve"@example.com'],
    ['a zero-width space', 'ana\u200b@example.com'],
    ['no local part', '@example.com'],
  ])('names no one by a verified claim holding %s (#54 item 8)', (_case, email) => {
    const claims = { email, email_verified: true }
    expect(verifiedEmail(claims)).toBeNull()
    expect(isAllowed(claims, list)).toBe(false)
  })

  it('keeps a verified single address', () => {
    expect(verifiedEmail({ email: 'ana.smith+aml@example.com', email_verified: true })).toBe(
      'ana.smith+aml@example.com',
    )
    expect(verifiedEmail({ email: 'ana@example.com', email_verified: false })).toBeNull()
  })

  it('refuses a look-alike domain', () => {
    expect(isAllowed({ email: 'ana@example.com.evil.org' }, list)).toBe(false)
    expect(isAllowed({ email: 'ana@notexample.com' }, list)).toBe(false)
    expect(isAllowed({ email: 'example.com' }, list)).toBe(false)
  })

  it('lets in a member of an allowed group whatever the e-mail', () => {
    expect(isAllowed({ email: 'x@other.org', groups: ['staff', 'aml-analysts'] }, list)).toBe(true)
  })

  it('refuses someone in neither list, and everyone when both lists are empty', () => {
    expect(isAllowed({ email: 'x@other.org', groups: ['staff'] }, list)).toBe(false)
    expect(
      isAllowed(
        { email: 'ana@example.com', groups: ['aml-analysts'] },
        { domains: [], groups: [] },
      ),
    ).toBe(false)
  })

  it('keeps only the allowed groups, ignoring a groups claim that is not a list', () => {
    expect(allowedGroups({ groups: ['staff', 'aml-analysts', 7] }, list.groups)).toEqual([
      'aml-analysts',
    ])
    expect(allowedGroups({ groups: 'aml-analysts' }, list.groups)).toEqual([])
  })
})
