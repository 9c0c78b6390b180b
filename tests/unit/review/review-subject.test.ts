import { describe, expect, it } from 'vitest'

import { countryCode } from '@/lib/util/countries'
import { parseRange, parseTypedDate, rangeYears } from '@/lib/review/dates'
import {
  parseSubjectParam,
  subjectFromRequestedName,
  subjectFromScreening,
  subjectFromVerification,
  subjectParam,
} from '@/lib/review/subject'
import { verificationSchema, webhookRecordSchema } from '@/lib/upstream/schemas'
import { loadRealPayload } from '@/tests/unit/helpers/real-payloads'

describe('subject parameter', () => {
  it('reads a verification short id and a screening record id, and writes them back', () => {
    expect(parseSubjectParam('verification:V111BBB013311111')).toEqual({
      kind: 'verification',
      shortId: 'V111BBB013311111',
    })
    expect(parseSubjectParam('screening:ef12baa7-23bb-442b')).toEqual({
      kind: 'screening',
      recordId: 'ef12baa7-23bb-442b',
    })
    expect(subjectParam({ kind: 'verification', shortId: 'V1' })).toBe('verification:V1')
    expect(subjectParam({ kind: 'screening', recordId: 'r:1' })).toBe('screening:r:1')
    expect(parseSubjectParam(subjectParam({ kind: 'screening', recordId: 'r:1' }))).toEqual({
      kind: 'screening',
      recordId: 'r:1',
    })
  })

  it('refuses anything else', () => {
    for (const value of [
      null,
      undefined,
      '',
      'verification:',
      'verification:not/a/short/id',
      'screening:',
      'screening:has space',
      `screening:${'x'.repeat(201)}`,
      'profile:abc',
      'V111BBB013311111',
    ])
      expect(parseSubjectParam(value)).toBeNull()
    expect(parseSubjectParam(`screening:${'x'.repeat(200)}`)).not.toBeNull()
  })
})

describe('dates of birth', () => {
  it('reads bounds at every precision, a lower bound at the start and an upper at the end', () => {
    expect(parseRange('1961', '1961')).toEqual({ from: '1961-01-01', to: '1961-12-31' })
    expect(parseRange('1960-02', '1960-02')).toEqual({ from: '1960-02-01', to: '1960-02-29' })
    expect(parseRange('1961-05-04', '1961-05-04')).toEqual({
      from: '1961-05-04',
      to: '1961-05-04',
    })
    expect(parseRange('1961-05-04T00:00:00Z', '1961-05-04T23:59:59Z')).toEqual({
      from: '1961-05-04',
      to: '1961-05-04',
    })
  })

  it('leaves a missing side open and refuses unparsable, reversed or empty ranges', () => {
    expect(parseRange('1961', null)).toEqual({ from: '1961-01-01', to: '9999-12-31' })
    expect(rangeYears(parseRange('1961', null)!)).toBe('1961 or later')
    expect(rangeYears(parseRange(undefined, '1970-06')!)).toBe('1970 or earlier')
    expect(parseRange('about 1961', '1962')).toBeNull()
    expect(parseRange('1961-13', '1962')).toBeNull()
    expect(parseRange('1961-02-30', null)).toBeNull()
    expect(parseRange('1965', '1961')).toBeNull()
    expect(parseRange(null, '')).toBeNull()
  })

  it('reads dates typed into a form, keeping only the year when the order is ambiguous', () => {
    const exact = { from: '1985-03-14', to: '1985-03-14' }
    expect(parseTypedDate('1985-03-14')).toEqual(exact)
    expect(parseTypedDate('14.03.1985')).toEqual(exact)
    expect(parseTypedDate('14/03/1985')).toEqual(exact)
    expect(parseTypedDate('03/14/1985')).toEqual(exact)
    expect(parseTypedDate('19850314')).toEqual(exact)
    expect(parseTypedDate('1985/03/14')).toEqual(exact)
    expect(parseTypedDate('04/03/1985')).toEqual({ from: '1985-01-01', to: '1985-12-31' })
    expect(parseTypedDate('04.03.1985')).toEqual({ from: '1985-03-04', to: '1985-03-04' })
    expect(parseTypedDate('1985')).toEqual({ from: '1985-01-01', to: '1985-12-31' })
    expect(parseTypedDate('31/31/1985')).toBeNull()
    expect(parseTypedDate('yesterday')).toBeNull()
  })

  it('shows years only', () => {
    expect(rangeYears({ from: '1985-03-14', to: '1985-03-14' })).toBe('1985')
    expect(rangeYears({ from: '1980-01-01', to: '1990-12-31' })).toBe('1980–1990')
  })
})

describe('country codes', () => {
  it('reads alpha-2, alpha-3, the MRZ D and English names, in any case', () => {
    expect(countryCode('gb')).toBe('GB')
    expect(countryCode('ZWE')).toBe('ZW')
    expect(countryCode('D')).toBe('DE')
    expect(countryCode('UK')).toBe('GB')
    expect(countryCode('Myanmar')).toBe('MM')
    expect(countryCode('Germany')).toBe('DE')
    expect(countryCode(' united kingdom ')).toBe('GB')
    expect(countryCode('Russian Federation')).toBe('RU')
    expect(countryCode('British')).toBe('GB')
    expect(countryCode('Atlantis')).toBeNull()
    expect(countryCode('XX')).toBeNull()
    expect(countryCode('')).toBeNull()
  })
})

describe('subjectFromVerification', () => {
  it('reads the real verified DOCVER payload: MRZ name, date, nationality and sex', () => {
    const verification = verificationSchema.parse(
      loadRealPayload('verification-docver-webhook-verified.json'),
    )
    expect(subjectFromVerification(verification, 'V111BBB013311111')).toEqual({
      source: { kind: 'verification', shortId: 'V111BBB013311111' },
      applicantId: 'dd39c641-84d8-4f75-8307-37b70c100768',
      names: ['JOHN DOE'],
      dateOfBirth: { from: '1991-03-13', to: '1991-03-13' },
      countries: ['ZW'],
      gender: 'male',
    })
  })

  it.each([
    'verification-docver-webhook-failed.json',
    'verification-docs-public-get-2022.json',
    'verification-docs-public-create-response-2022.json',
    'verification-docs-first-verification-create.json',
  ])('reads %s without inventing anything', (file) => {
    const verification = verificationSchema.parse(loadRealPayload(file))
    const subject = subjectFromVerification(verification, 'V1')
    expect(subject.source).toEqual({ kind: 'verification', shortId: 'V1' })
    for (const name of subject.names) expect(name.trim()).not.toBe('')
    for (const code of subject.countries) expect(code).toMatch(/^[A-Z]{2}$/)
    if (subject.dateOfBirth) expect(subject.dateOfBirth.from <= subject.dateOfBirth.to).toBe(true)
  })

  it('puts the document before the form and de-duplicates names whatever their case', () => {
    const subject = subjectFromVerification(
      {
        id: 'v',
        applicant_id: 'a1',
        country_code: 'fr',
        created_at: '2024-05-01T00:00:00Z',
        poi_data: {
          full_name: 'Ivan Sergeyevich Petrov',
          name: 'Ivan Sergeyevich',
          surname: 'Petrov',
          birth_date: '1985-03-14',
          nationality: 'RUS',
          sex: 'M',
        },
        checks: {
          document_mrz: {
            data: { name: 'IVAN<SERGEYEVICH', surname: 'PETROV', birth_date: '850314' },
          },
        },
        manual_fields: { full_name: 'Ivan Petrov', dob: '01.01.1990', citizenship: 'Russia' },
      },
      'V1',
    )
    expect(subject.names).toEqual(['Ivan Sergeyevich Petrov', 'Ivan Petrov'])
    expect(subject.dateOfBirth).toEqual({ from: '1985-03-14', to: '1985-03-14' })
    expect(subject.countries).toEqual(['RU', 'FR'])
    expect(subject.gender).toBe('male')
  })

  it('falls back to the MRZ and then the form for the date, with the century before the verification', () => {
    const base = { id: 'v', created_at: '2024-05-01T00:00:00Z' }
    const mrz = (birth_date: string) => ({ document_mrz: { data: { birth_date } } })
    expect(subjectFromVerification({ ...base, checks: mrz('300101') }, 'V1').dateOfBirth).toEqual({
      from: '1930-01-01',
      to: '1930-01-01',
    })
    expect(subjectFromVerification({ ...base, checks: mrz('200101') }, 'V1').dateOfBirth).toEqual({
      from: '2020-01-01',
      to: '2020-01-01',
    })
    expect(
      subjectFromVerification({ ...base, manual_fields: { dob: '14/03/1985' } }, 'V1').dateOfBirth,
    ).toEqual({ from: '1985-03-14', to: '1985-03-14' })
  })

  it('knows nothing when the verification holds no identity data', () => {
    expect(subjectFromVerification({ id: 'v', checks: { document_mrz: null } }, 'V1')).toEqual({
      source: { kind: 'verification', shortId: 'V1' },
      applicantId: null,
      names: [],
      dateOfBirth: null,
      countries: [],
      gender: null,
    })
  })
})

describe('subjectFromScreening', () => {
  it('reads the real low-risk AML_SCREENING request, parsed or as sent', () => {
    const raw = loadRealPayload('webhook-aml-screening-low-risk.json') as { payload: unknown }
    const parsed = webhookRecordSchema.parse(raw)
    const expected = {
      source: { kind: 'screening', recordId: 'ef12baa7' },
      applicantId: 'c17f48fa-dfc7-4f20-9c3f-97f6c0a4498f',
      names: ['JOHN DOE'],
      dateOfBirth: { from: '1984-01-01', to: '1984-01-01' },
      countries: ['GB'],
      gender: null,
    }
    expect(subjectFromScreening('ef12baa7', parsed.payload)).toEqual(expected)
    expect(subjectFromScreening('ef12baa7', raw.payload)).toEqual(expected)
  })

  it('reads first and last names, a year range, country forms and the gender', () => {
    const subject = subjectFromScreening('r1', {
      applicant_id: 'a1',
      search_request: {
        first_name: 'Ivan',
        last_name: 'Petrov',
        date_of_birth: { gte: '1980', lte: '1990' },
        countries: ['ru', 'GBR', 'Nowhere'],
        gender: 'Female',
      },
    })
    expect(subject).toEqual({
      source: { kind: 'screening', recordId: 'r1' },
      applicantId: 'a1',
      names: ['Ivan Petrov'],
      dateOfBirth: { from: '1980-01-01', to: '1990-12-31' },
      countries: ['RU', 'GB'],
      gender: 'female',
    })
  })

  it('gives null without a search request', () => {
    expect(subjectFromScreening('r1', { applicant_id: 'a1' })).toBeNull()
    expect(subjectFromScreening('r1', null)).toBeNull()
    expect(subjectFromScreening('r1', 'text')).toBeNull()
  })
})

describe('subjectFromRequestedName', () => {
  it('knows the name only', () => {
    expect(subjectFromRequestedName(' IVAN PETROV ')).toEqual({
      source: null,
      applicantId: null,
      names: ['IVAN PETROV'],
      dateOfBirth: null,
      countries: [],
      gender: null,
    })
    expect(subjectFromRequestedName(null).names).toEqual([])
    expect(subjectFromRequestedName('  ').names).toEqual([])
  })
})
