import { describe, expect, it } from 'vitest'

import { countryLabel, countryName } from '@/lib/util/countries'

describe('country names', () => {
  it('names two- and three-letter codes in any case', () => {
    expect(countryName('de')).toBe('Germany')
    expect(countryName(' DEU ')).toBe('Germany')
    expect(countryLabel('GBR')).toBe('United Kingdom (GBR)')
  })

  it('reads the machine-readable zone’s one-letter D as Germany', () => {
    expect(countryName('D')).toBe('Germany')
    expect(countryLabel('D')).toBe('Germany (D)')
  })

  it('leaves unknown codes as they are', () => {
    expect(countryName('XYZ')).toBeNull()
    expect(countryName('Q')).toBeNull()
    expect(countryLabel('XYZ')).toBe('XYZ')
  })
})
