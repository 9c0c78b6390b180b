import { describe, expect, it } from 'vitest'

import { screeningDifferences } from '@/lib/review/screened-as'
import {
  subjectFromRequestedName,
  subjectFromScreening,
  subjectFromVerification,
  type Subject,
} from '@/lib/review/subject'
import { verificationSchema, webhookRecordSchema } from '@/lib/upstream/schemas'
import { loadRealPayload } from '@/tests/unit/helpers/real-payloads'

const verified: Subject = {
  source: { kind: 'verification', shortId: 'V1' },
  applicantId: 'a1',
  names: ['Ivan Sergeyevich Petrov', 'Ivan Petrov'],
  dateOfBirth: { from: '1985-03-14', to: '1985-03-14' },
  countries: ['RU'],
  gender: 'male',
}

const screening = (extra: Partial<Subject> = {}): Subject => ({
  ...verified,
  source: { kind: 'screening', recordId: 'r1' },
  names: ['Ivan Sergeyevich Petrov'],
  ...extra,
})

const fields = (subject: Subject) =>
  screeningDifferences(verified, subject).map((difference) => difference.field)

describe('screeningDifferences', () => {
  it('finds nothing when the screening asked for the verified identity', () => {
    expect(screeningDifferences(verified, screening())).toEqual([])
    // Case, accents and word order do not make another name form.
    expect(
      screeningDifferences(verified, screening({ names: ['PETROV Ivan Sergeyevich'] })),
    ).toEqual([])
  })

  it('names another name form', () => {
    expect(screeningDifferences(verified, screening({ names: ['IVAN PETROV'] }))).toEqual([
      {
        field: 'name',
        screened: 'IVAN PETROV',
        verified: 'Ivan Sergeyevich Petrov',
        words: 'Screened as IVAN PETROV, verified as Ivan Sergeyevich Petrov',
      },
    ])
  })

  it('names a missing, wider, shifted or partial date of birth, in years', () => {
    expect(screeningDifferences(verified, screening({ dateOfBirth: null }))).toEqual([
      {
        field: 'date_of_birth',
        screened: null,
        verified: '1985',
        words: 'No date of birth in the screening; verified born 1985',
      },
    ])
    const wider = screening({ dateOfBirth: { from: '1980-01-01', to: '1990-12-31' } })
    expect(screeningDifferences(verified, wider)[0]?.words).toBe(
      'Screened with 1980–1990, verified born 1985',
    )
    const year = screening({ dateOfBirth: { from: '1985-01-01', to: '1985-12-31' } })
    expect(screeningDifferences(verified, year)[0]?.words).toBe(
      'Screened with a wider date range (1985) than the verified date of birth',
    )
    const elsewhere = screening({ dateOfBirth: { from: '1986-01-01', to: '1986-12-31' } })
    expect(screeningDifferences(verified, elsewhere)[0]?.words).toBe(
      'Screened as born 1986, verified born 1985',
    )
    const partial = screeningDifferences(
      { ...verified, dateOfBirth: { from: '1985-01-01', to: '1985-12-31' } },
      screening({ dateOfBirth: { from: '1985-06-01', to: '1986-12-31' } }),
    )
    expect(partial[0]?.words).toBe(
      'Screened with 1985–1986, which covers only part of the verified 1985',
    )
  })

  it('names a verified country the screening left out, and another gender', () => {
    expect(screeningDifferences(verified, screening({ countries: [] }))[0]?.words).toBe(
      'No country in the screening; verified RU',
    )
    expect(screeningDifferences(verified, screening({ countries: ['GB'] }))[0]?.words).toBe(
      'Screened with GB, verified RU',
    )
    expect(fields(screening({ countries: ['RU', 'GB'] }))).toEqual([])
    expect(screeningDifferences(verified, screening({ gender: 'female' }))).toEqual([
      {
        field: 'gender',
        screened: 'female',
        verified: 'male',
        words: 'Screened as female, verified male',
      },
    ])
    expect(fields(screening({ gender: null }))).toEqual([])
  })

  it('lists several differences in a fixed order', () => {
    const loose = screening({
      names: ['I. Petrov'],
      dateOfBirth: null,
      countries: [],
      gender: 'female',
    })
    expect(fields(loose)).toEqual(['name', 'date_of_birth', 'country', 'gender'])
  })

  it('compares the name only when only the requested name is known', () => {
    expect(screeningDifferences(verified, subjectFromRequestedName('Ivan Petrov'))).toEqual([
      {
        field: 'name',
        screened: 'Ivan Petrov',
        verified: 'Ivan Sergeyevich Petrov',
        words: 'Screened as Ivan Petrov, verified as Ivan Sergeyevich Petrov',
      },
    ])
    expect(
      screeningDifferences(verified, subjectFromRequestedName('Ivan Sergeyevich Petrov')),
    ).toEqual([])
  })

  it('says nothing about what the verified identity does not hold', () => {
    const bare: Subject = { ...verified, names: [], dateOfBirth: null, countries: [], gender: null }
    expect(screeningDifferences(bare, screening())).toEqual([])
  })

  it('reads the real JOHN DOE payloads: screened with another date of birth and country', () => {
    const docver = subjectFromVerification(
      verificationSchema.parse(loadRealPayload('verification-docver-webhook-verified.json')),
      'V111BBB013311111',
    )
    const record = webhookRecordSchema.parse(loadRealPayload('webhook-aml-screening-low-risk.json'))
    const asked = subjectFromScreening(record.id, record.payload)!
    expect(screeningDifferences(docver, asked)).toEqual([
      {
        field: 'date_of_birth',
        screened: '1984',
        verified: '1991',
        words: 'Screened as born 1984, verified born 1991',
      },
      {
        field: 'country',
        screened: 'GB',
        verified: 'ZW',
        words: 'Screened with GB, verified ZW',
      },
    ])
  })
})
