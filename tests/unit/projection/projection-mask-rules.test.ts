import { describe, expect, it } from 'vitest'

import { isMaskedKind, maskedKindForKey, maskValue } from '@/lib/projection/mask-rules'

describe('maskValue', () => {
  it('shows the last four characters of a long document number', () => {
    expect(maskValue('document_number', 'X12345678')).toBe('••••5678')
  })

  it('shows nothing of a short personal number', () => {
    expect(maskValue('personal_number', '1234')).toBe('••••')
  })

  it('keeps the shape of a date of birth but none of its digits', () => {
    expect(maskValue('date_of_birth', '1985-03-14')).toBe('••••-••-••')
    expect(maskValue('date_of_birth', '14 March 1985')).not.toMatch(/[0-9a-z]/i)
  })

  it('keeps the first letter and the domain of an e-mail address', () => {
    expect(maskValue('email', 'jane.doe@example.com')).toBe('j•••@example.com')
  })

  it('keeps the last two digits of a phone number', () => {
    expect(maskValue('phone', '+44 20 7946 0958')).toBe('••••58')
  })

  it('masks numbers, dates of birth and contacts but not names or addresses', () => {
    expect(
      ['document_number', 'personal_number', 'date_of_birth', 'email', 'phone'].every(isMaskedKind),
    ).toBe(true)
    expect(isMaskedKind('name')).toBe(false)
    expect(isMaskedKind('address')).toBe(false)
  })
})

describe('maskedKindForKey', () => {
  it.each([
    ['doc_number', 'document_number'],
    ['documentNumber', 'document_number'],
    ['licence_number', 'document_number'],
    ['birth_date', 'date_of_birth'],
    ['dob', 'date_of_birth'],
    ['email', 'email'],
    ['phone', 'phone'],
    ['pin', 'personal_number'],
    ['cpf', 'personal_number'],
    ['vin', 'personal_number'],
    ['tax_id', 'personal_number'],
    ['dates_of_birth', 'date_of_birth'],
    ['phones', 'phone'],
    ['emails', 'email'],
  ])('masks the JSON key %s as %s', (key, kind) => {
    expect(maskedKindForKey(key)).toBe(kind)
  })

  it.each([
    'name',
    'surname',
    'country',
    'expiry_date',
    'document_type',
    'document_id',
    'places_of_birth',
    'spinner',
    'status',
    // How an AML screening matched, not the matched value.
    'date_of_birth_matched',
    'name_match_level',
    'email_match',
  ])('leaves %s visible', (key) => {
    expect(maskedKindForKey(key)).toBeNull()
  })
})
