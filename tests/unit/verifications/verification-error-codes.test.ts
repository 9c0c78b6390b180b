import { describe, expect, it } from 'vitest'

import { errorCategory } from '@/lib/verifications/error-codes'

describe('errorCategory – the documented code ranges', () => {
  it.each([
    [500, 'Tampering'],
    [501, 'Tampering'],
    [1000, 'Document reading (OCR)'],
    [1001, 'Document reading (OCR)'],
    [1099, 'Document reading (OCR)'],
    [1100, 'Document data fields'],
    [1999, 'Document data fields'],
    [2000, 'MRZ'],
    [2999, 'MRZ'],
    [3000, 'Document expiry'],
    [3100, 'Data mismatch'],
    [3200, 'Age'],
    [4000, 'Face comparison'],
    [4499, 'Face comparison'],
    [4500, 'Proof of address'],
    [5000, 'Liveness'],
    [6000, 'AML'],
    [7000, 'Cross-check duplicate'],
    [7002, 'Cross-check duplicate'],
    [8000, 'Verification flow'],
    [9000, 'Provider dependency'],
    [9500, 'KYB'],
    [9799, 'KYB'],
    [10000, 'Device fingerprint'],
    [11000, 'SSN'],
    [11099, 'SSN'],
  ])('code %i is %s', (code, label) => {
    expect(errorCategory(code)?.label).toBe(label)
  })

  it.each([499, 502, 999, 3300, 6500, 7100, 8100, 9100, 9499, 9800, 10001, 11100, 0, -1])(
    'code %i, in a gap between ranges, has no category',
    (code) => {
      expect(errorCategory(code)).toBeNull()
    },
  )

  it('reads a numeric string as its number', () => {
    expect(errorCategory('7000')?.label).toBe('Cross-check duplicate')
    expect(errorCategory(' 2001 ')?.label).toBe('MRZ')
  })

  it('gives null for a missing, non-numeric or fractional code', () => {
    expect(errorCategory(null)).toBeNull()
    expect(errorCategory(undefined)).toBeNull()
    expect(errorCategory('')).toBeNull()
    expect(errorCategory('E7000')).toBeNull()
    expect(errorCategory(2000.5)).toBeNull()
  })
})
