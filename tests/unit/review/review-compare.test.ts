import { describe, expect, it } from 'vitest'

import { compareMatch } from '@/lib/review/compare'
import {
  subjectFromRequestedName,
  subjectFromScreening,
  subjectFromVerification,
  type Subject,
} from '@/lib/review/subject'
import {
  amlSearchResultSchema,
  verificationSchema,
  webhookRecordSchema,
  type AmlMatch,
  type AmlMatchFields,
} from '@/lib/upstream/schemas'
import { loadRealPayload } from '@/tests/unit/helpers/real-payloads'

const applicant = (extra: Partial<Subject> = {}): Subject => ({
  source: { kind: 'verification', shortId: 'V1' },
  applicantId: 'a1',
  names: ['Ivan Petrov'],
  dateOfBirth: { from: '1985-03-14', to: '1985-03-14' },
  countries: ['GB'],
  gender: 'male',
  ...extra,
})

const screened = (extra: Partial<Subject> = {}): Subject =>
  applicant({ source: { kind: 'screening', recordId: 'r1' }, ...extra })

const match = (fields: AmlMatchFields, best?: string): AmlMatch => ({
  uuid: 'm1',
  fields: { names: [{ full_name: 'Ivan Petrov' }], ...fields },
  search_metadata: best ? { best_match_name: best } : undefined,
})

const born = (gte: string | null, lte: string | null = gte) => ({ dates_of_birth: [{ gte, lte }] })

describe('date of birth', () => {
  const verdict = (subject: Subject, fields: AmlMatchFields) =>
    compareMatch(subject, match(fields)).dateOfBirth.verdict

  it('agrees with an exact, a year, a month or an open range that holds the date', () => {
    expect(verdict(applicant(), born('1985-03-14'))).toBe('agrees')
    expect(verdict(applicant(), born('1985'))).toBe('agrees')
    expect(verdict(applicant(), born('1985-03'))).toBe('agrees')
    expect(verdict(applicant(), born('1984', '1986'))).toBe('agrees')
    expect(verdict(applicant(), born('1980', null))).toBe('agrees')
    expect(verdict(applicant(), born(null, '1985-03-14'))).toBe('agrees')
    expect(verdict(applicant(), born('1985-03-14T00:00:00Z', '1985-03-14T23:59:59Z'))).toBe(
      'agrees',
    )
  })

  it('conflicts when every range misses, by as little as one day', () => {
    expect(verdict(applicant(), born('1985-03-15'))).toBe('conflicts')
    expect(verdict(applicant(), born(null, '1985-03-13'))).toBe('conflicts')
    expect(verdict(applicant(), born('1985-04'))).toBe('conflicts')
    expect(verdict(applicant(), born('1961'))).toBe('conflicts')
    const twoRanges = { dates_of_birth: [{ gte: '1961' }, { gte: '1985-03-14', lte: '1990' }] }
    expect(verdict(applicant(), twoRanges)).toBe('agrees')
  })

  it('compares a screened range by overlap, one day either side', () => {
    const range = screened({ dateOfBirth: { from: '1980-01-01', to: '1990-12-31' } })
    expect(verdict(range, born('1990-12-31'))).toBe('agrees')
    expect(verdict(range, born('1991-01-01'))).toBe('conflicts')
    expect(verdict(range, born('1979-12-31'))).toBe('conflicts')
    expect(verdict(range, born('1975', '1980-01-01'))).toBe('agrees')
  })

  it('skips unparsable ranges and is unknown when nothing is left on either side', () => {
    expect(verdict(applicant(), born('circa 1960', '1961'))).toBe('unknown')
    const mixed = { dates_of_birth: [{ gte: 'unknown', lte: 'unknown' }, { gte: '1961' }] }
    expect(verdict(applicant(), mixed)).toBe('agrees')
    expect(
      verdict(applicant(), { dates_of_birth: [{ gte: '1961', lte: '1961' }, { gte: 'x' }] }),
    ).toBe('conflicts')
    expect(verdict(applicant(), {})).toBe('unknown')
    expect(verdict(applicant({ dateOfBirth: null }), born('1961'))).toBe('unknown')
  })

  it('shows years only, on both sides', () => {
    const fact = compareMatch(applicant(), match(born('1961-05-04'))).dateOfBirth
    expect(fact).toEqual({ verdict: 'conflicts', subject: '1985', match: '1961' })
    const wide = compareMatch(
      screened({ dateOfBirth: { from: '1980-01-01', to: '1990-12-31' } }),
      match({ dates_of_birth: [{ gte: '1984', lte: '1986' }, { gte: '1960-02' }] }),
    ).dateOfBirth
    expect(wide).toEqual({
      verdict: 'agrees',
      subject: '1980–1990',
      match: '1984–1986, 1960 or later',
    })
  })
})

describe('country', () => {
  const fact = (subject: Subject, fields: AmlMatchFields) =>
    compareMatch(subject, match(fields)).country

  it('agrees on any shared country, whatever form the match writes it in', () => {
    expect(fact(applicant(), { nationalities: ['GB'] }).verdict).toBe('agrees')
    expect(fact(applicant(), { citizenships: ['GBR'] }).verdict).toBe('agrees')
    expect(fact(applicant(), { citizenships: ['United Kingdom'] }).verdict).toBe('agrees')
    expect(fact(applicant({ countries: ['RU', 'GB'] }), { nationalities: ['gb', 'FR'] })).toEqual({
      verdict: 'agrees',
      subject: 'RU, GB',
      match: 'GB, FR',
    })
  })

  it('conflicts when both sides list countries and share none', () => {
    expect(fact(applicant(), { nationalities: ['RUS'], citizenships: ['Russia'] })).toEqual({
      verdict: 'conflicts',
      subject: 'GB',
      match: 'RU',
    })
  })

  it('is unknown when a side is empty or a listed country cannot be read', () => {
    expect(fact(applicant(), {}).verdict).toBe('unknown')
    expect(fact(applicant({ countries: [] }), { nationalities: ['RU'] }).verdict).toBe('unknown')
    expect(fact(applicant(), { nationalities: ['RU', 'Soviet Union'] })).toEqual({
      verdict: 'unknown',
      subject: 'GB',
      match: 'RU, Soviet Union',
    })
  })
})

describe('gender', () => {
  const fact = (subject: Subject, genders: unknown[]) =>
    compareMatch(subject, match({ genders })).gender

  it('reads the forms upstream lists use', () => {
    expect(fact(applicant(), ['Male']).verdict).toBe('agrees')
    expect(fact(applicant(), ['M']).verdict).toBe('agrees')
    expect(fact(applicant(), ['female'])).toEqual({
      verdict: 'conflicts',
      subject: 'male',
      match: 'female',
    })
    expect(fact(applicant({ gender: 'female' }), ['F']).verdict).toBe('agrees')
  })

  it('is unknown for anything else or a missing side', () => {
    expect(fact(applicant(), ['unknown', 3, null])).toEqual({
      verdict: 'unknown',
      subject: 'male',
      match: null,
    })
    expect(fact(applicant({ gender: null }), ['male']).verdict).toBe('unknown')
  })
})

describe('name', () => {
  const name = (subject: Subject, m: AmlMatch) => compareMatch(subject, m).name

  it('pairs every word after case and accents are set aside', () => {
    const result = name(
      applicant({ names: ['JOSÉ MÜLLER'] }),
      match({ names: [{ full_name: 'Jose Muller' }] }),
    )
    expect(result.verdict).toBe('agrees')
    expect(result.pairs.map((pair) => [pair.subjectWord, pair.matchWord, pair.close])).toEqual([
      ['JOSÉ', 'Jose', false],
      ['MÜLLER', 'Muller', false],
    ])
  })

  it('matches a Cyrillic subject name against the match’s Cyrillic transliteration', () => {
    const result = name(
      applicant({ names: ['Иван Сергеевич Петров', 'IVAN PETROV'] }),
      match(
        {
          names: [
            { full_name: 'Ivan Petrov', lang: 'en' },
            { full_name: 'Иван Сергеевич Петров', lang: 'ru' },
          ],
        },
        'Ivan Petrov',
      ),
    )
    expect(result.verdict).toBe('agrees')
    expect(result.unmatched).toEqual([])
    // Both forms are matched whole; the fuller one explains more.
    expect(result.pairs.map((pair) => [pair.matchWord, pair.lang])).toEqual([
      ['Иван', 'ru'],
      ['Сергеевич', 'ru'],
      ['Петров', 'ru'],
    ])
    const cyrillicOnly = name(
      applicant({ names: ['ИВАН ПЕТРОВ'] }),
      match({
        names: [
          { full_name: 'Ivan Petrov', lang: 'en' },
          { full_name: 'Иван Петров', lang: 'ru' },
        ],
      }),
    )
    expect(cyrillicOnly.verdict).toBe('agrees')
    expect(cyrillicOnly.pairs).toEqual([
      {
        subjectWord: 'ИВАН',
        matchWord: 'Иван',
        matchName: 'Иван Петров',
        lang: 'ru',
        close: false,
      },
      {
        subjectWord: 'ПЕТРОВ',
        matchWord: 'Петров',
        matchName: 'Иван Петров',
        lang: 'ru',
        close: false,
      },
    ])
  })

  it('does not pair a Cyrillic subject with a Latin-only match', () => {
    const result = name(
      applicant({ names: ['Иван Петров'] }),
      match({ names: [{ full_name: 'Ivan Petrov' }] }),
    )
    expect(result.verdict).toBe('unknown')
    expect(result.pairs).toEqual([])
    expect(result.unmatched).toEqual(['Иван', 'Петров'])
  })

  it('calls a word close at one edit when it has five letters or more', () => {
    const result = name(
      applicant({ names: ['Ivan Petrov'] }),
      match({ names: [{ full_name: 'Iwan Petorv' }] }),
    )
    expect(result.pairs).toEqual([
      {
        subjectWord: 'Petrov',
        matchWord: 'Petorv',
        matchName: 'Iwan Petorv',
        lang: null,
        close: true,
      },
    ])
    expect(result.unmatched).toEqual(['Ivan'])
    expect(result.verdict).toBe('unknown')
    const oneInserted = name(
      applicant({ names: ['Petrov'] }),
      match({ names: [{ full_name: 'Petrova Ana' }] }),
    )
    expect(oneInserted.pairs.map((pair) => pair.close)).toEqual([true])
    expect(
      name(applicant({ names: ['Petrov'] }), match({ names: [{ full_name: 'Pterova' }] })).pairs,
    ).toEqual([])
  })

  it('agrees when the best-covered name form is matched whole', () => {
    const result = name(
      applicant({ names: ['Ivan Sergeyevich Petrov', 'Ivan Petrov'] }),
      match({ names: [{ full_name: 'PETROV, Ivan' }] }),
    )
    expect(result.verdict).toBe('agrees')
    const partial = name(
      applicant({ names: ['Ivan Sergeyevich Petrov'] }),
      match({ names: [{ full_name: 'Ivan Petrov' }] }),
    )
    expect(partial.verdict).toBe('unknown')
    expect(partial.unmatched).toEqual(['Sergeyevich'])
  })

  it('reads best_match_name and first/last name parts, and is unknown with no subject name', () => {
    const parts: AmlMatch = {
      uuid: 'm',
      fields: { names: [{ first_name: 'Ivan', last_name: 'Petrov' }] },
    }
    expect(name(applicant(), parts).verdict).toBe('agrees')
    const best: AmlMatch = { uuid: 'm', search_metadata: { best_match_name: 'IVAN PETROV' } }
    expect(name(applicant(), best).pairs[0]?.matchName).toBe('IVAN PETROV')
    expect(name(applicant({ names: [] }), best)).toEqual({
      verdict: 'unknown',
      pairs: [],
      unmatched: [],
    })
  })
})

describe('the sentence', () => {
  const full = (fields: AmlMatchFields) => match(fields)

  it('puts conflicts first, then agreements', () => {
    const result = compareMatch(
      applicant({ gender: null }),
      full({ ...born('1961'), nationalities: ['GB'] }),
    )
    expect(result.sentence).toBe(
      'Born 1961, applicant born 1985: date of birth conflicts; nationality GB agrees.',
    )
    expect(result.conflicts).toBe(1)
  })

  it('says briefly what the match does not list', () => {
    const result = compareMatch(applicant({ gender: null }), full(born('1984', '1986')))
    expect(result.sentence).toBe(
      'Born 1984–1986, applicant born 1985: date of birth agrees; no nationality listed.',
    )
    expect(result.conflicts).toBe(0)
  })

  it('names every conflict and says what the applicant’s data lacks', () => {
    const result = compareMatch(
      applicant({ dateOfBirth: null }),
      full({ ...born('1961'), nationalities: ['RU'], genders: ['female'] }),
    )
    expect(result.sentence).toBe(
      "Nationality RU, applicant GB: nationality conflicts; listed as female, applicant male: gender conflicts; applicant's date of birth not known.",
    )
    expect(result.conflicts).toBe(2)
  })

  it('speaks of what was screened when the subject is a screening request', () => {
    const result = compareMatch(
      screened({
        dateOfBirth: { from: '1980-01-01', to: '1990-12-31' },
        countries: [],
        gender: 'male',
      }),
      full({ ...born('1961'), nationalities: ['GB'], genders: ['male'] }),
    )
    expect(result.sentence).toBe(
      'Born 1961, screened as born 1980–1990: date of birth conflicts; gender male agrees; nationality not screened.',
    )
  })

  it('compares with the requested name only when nothing else is known', () => {
    const subject = subjectFromRequestedName('IVAN PETROV')
    const result = compareMatch(subject, full({ ...born('1961'), nationalities: ['RU'] }))
    expect(result.sentence).toBe('Compared with the requested name only: IVAN and PETROV match.')
    expect(result.conflicts).toBe(0)
    expect(result.dateOfBirth.verdict).toBe('unknown')
    const close = compareMatch(
      subjectFromRequestedName('IVAN PETROV SMITH'),
      match({ names: [{ full_name: 'Ivan Petrof' }] }),
    )
    expect(close.sentence).toBe(
      'Compared with the requested name only: IVAN matches; PETROV is close to Petrof; SMITH not found.',
    )
  })

  it('falls back to the name when neither side has anything else', () => {
    const result = compareMatch(
      applicant({ dateOfBirth: null, countries: [], gender: null }),
      match({}),
    )
    expect(result.sentence).toBe('Only the name to compare: Ivan and Petrov match.')
  })
})

describe('real payloads', () => {
  const results = [
    amlSearchResultSchema.parse(loadRealPayload('aml-search-result-abc-medium-risk.json')),
    amlSearchResultSchema.parse(loadRealPayload('aml-search-result-john-doe-no-matches.json')),
  ]
  const medium = webhookRecordSchema.parse(
    loadRealPayload('webhook-aml-screening-medium-risk.json'),
  )
  const subjects: Subject[] = [
    subjectFromRequestedName('abc abc'),
    subjectFromScreening(medium.id, medium.payload)!,
    subjectFromVerification(
      verificationSchema.parse(loadRealPayload('verification-docver-webhook-verified.json')),
      'V111BBB013311111',
    ),
  ]

  it('compares every real match with every subject without throwing', () => {
    const matches = results.flatMap((result) => result.data)
    expect(matches).toHaveLength(5)
    for (const subject of subjects)
      for (const each of matches) {
        const result = compareMatch(subject, each)
        expect(result.sentence).toMatch(/^[A-Z].*\.$/)
        expect(result.conflicts).toBe(0)
      }
  })

  it('explains the real Organization matches plainly', () => {
    const [first] = results[0]!.data
    const bySearch = compareMatch(subjects[1]!, first!)
    expect(bySearch.name.verdict).toBe('agrees')
    expect(bySearch.name.pairs).toEqual([
      { subjectWord: 'abc', matchWord: 'ABC', matchName: 'ABC', lang: null, close: false },
    ])
    // The screening asked for AT; the organisation lists no country, date of birth or gender.
    expect(bySearch.sentence).toBe('No nationality listed.')
    expect(compareMatch(subjects[0]!, first!).sentence).toBe(
      'Compared with the requested name only: abc matches.',
    )
    const byDocument = compareMatch(subjects[2]!, first!)
    expect(byDocument.name.verdict).toBe('unknown')
    expect(byDocument.sentence).toBe('No date of birth, nationality or gender listed.')
  })
})
