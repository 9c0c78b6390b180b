import type { AmlMatchFields } from '@/lib/upstream/schemas'
import { dayRange, type MatchStub, type SubjectHit } from './dataset-aml-fields'
import type { Rng } from './random'
import { countries, type Country, type PersonName } from './vocab-people'

/** Who a verification verified (or a screening asked about): what match review compares with. */
export type Identity = { person: PersonName; birth: number; country: Country }

type NameForm = 'exact' | 'middle' | 'spelling' | 'surname-first' | 'initial' | 'native'
type DobForm = 'day' | 'year' | 'around' | 'other-decade' | 'two' | 'none'
type CountryForm = 'same' | 'other' | 'other-citizenship' | 'dual' | 'none'
type GenderForm = 'same' | 'other' | 'none'
type Slot = { name: NameForm; dob: DobForm; country: CountryForm; gender: GenderForm }

/*
 * Eight kinds of hit, so that a report of eight matches shows each: facts that agree, conflict
 * (another decade, another country, the other gender) or are missing, and names spelled
 * differently or in another script.
 */
const SLOTS: readonly Slot[] = [
  { name: 'exact', dob: 'day', country: 'same', gender: 'same' },
  { name: 'middle', dob: 'year', country: 'other-citizenship', gender: 'same' },
  { name: 'spelling', dob: 'other-decade', country: 'same', gender: 'same' },
  { name: 'surname-first', dob: 'none', country: 'none', gender: 'none' },
  { name: 'initial', dob: 'around', country: 'none', gender: 'same' },
  { name: 'exact', dob: 'other-decade', country: 'other', gender: 'same' },
  { name: 'native', dob: 'none', country: 'same', gender: 'same' },
  { name: 'spelling', dob: 'two', country: 'dual', gender: 'other' },
]

/** Common transliteration differences, tried in order; the first that applies is used. */
const RESPELLINGS: ReadonlyArray<readonly [RegExp, string]> = [
  [/ov$/, 'off'],
  [/i$/, 'y'],
  [/y$/, 'i'],
  [/ph/, 'f'],
  [/ei/, 'ey'],
  [/ko$/, 'ka'],
  [/ou/, 'u'],
  [/a$/, 'ah'],
  [/e/, 'a'],
]

export function respell(word: string): string {
  for (const [pattern, replacement] of RESPELLINGS)
    if (pattern.test(word)) return word.replace(pattern, replacement)
  return `${word}${word.at(-1) ?? ''}`
}

const LATIN = /\p{Script=Latin}/u

/** The person's name in their own non-Latin script, when it has one written given name first. */
export function nativeName(
  person: PersonName,
): { full_name: string; first: string; last: string; lang: string } | undefined {
  const variant = person.variants.find(
    (v) =>
      !LATIN.test(v.full_name) && !/\p{Script=Han}/u.test(v.full_name) && v.full_name.includes(' '),
  )
  if (!variant) return undefined
  const words = variant.full_name.split(' ')
  return {
    full_name: variant.full_name,
    first: words[0] ?? '',
    last: words.at(-1) ?? '',
    lang: variant.lang,
  }
}

/** The Latin full name with the middle name, as a passport prints it. */
export function fullName(person: PersonName): string {
  return [person.first, person.middle, person.last].filter(Boolean).join(' ')
}

const yearRange = (from: number, to: number) => ({
  gte: `${from}-01-01T00:00:00Z`,
  lte: `${to}-12-31T23:59:59Z`,
})

function otherDecade(rng: Rng, birth: number): number {
  const year = new Date(birth).getUTCFullYear()
  const shift = rng.int(11, 24) * (year > 1975 ? -1 : 1)
  return Date.UTC(year + shift, rng.int(0, 11), rng.int(1, 28))
}

function datesOfBirth(rng: Rng, form: DobForm, birth: number): AmlMatchFields['dates_of_birth'] {
  const year = new Date(birth).getUTCFullYear()
  switch (form) {
    case 'day':
      return [dayRange(birth)]
    case 'year':
      return [yearRange(year, year)]
    case 'around':
      return [yearRange(year - 2, year + 2)]
    case 'other-decade':
      return [dayRange(otherDecade(rng, birth))]
    case 'two':
      return [dayRange(otherDecade(rng, birth)), yearRange(year, year)]
    case 'none':
      return undefined
  }
}

function otherCountry(rng: Rng, alpha2: string): string {
  return rng.pick(countries.filter((c) => c.alpha2 !== alpha2)).alpha2
}

function countryFacts(rng: Rng, form: CountryForm, alpha2: string): Partial<AmlMatchFields> {
  switch (form) {
    case 'same':
      return { nationalities: [alpha2] }
    case 'other':
      return { nationalities: [otherCountry(rng, alpha2)] }
    case 'other-citizenship':
      return { citizenships: [otherCountry(rng, alpha2)] }
    case 'dual': {
      const other = otherCountry(rng, alpha2)
      return { nationalities: [other], citizenships: [other, alpha2] }
    }
    case 'none':
      return {}
  }
}

type HitName = NonNullable<AmlMatchFields['names']>[number]

function latinName(first: string, last: string, middle = ''): HitName {
  return {
    full_name: [first, middle, last].filter(Boolean).join(' '),
    first_name: first,
    last_name: last,
    middle_name: middle,
    lang: 'en',
  }
}

function hitNames(rng: Rng, form: NameForm, person: PersonName): HitName[] {
  const native = nativeName(person)
  const script = native ? [{ full_name: native.full_name, lang: native.lang }] : []
  const { first, last } = person
  switch (form) {
    case 'exact':
      return [latinName(first, last), ...script]
    case 'middle':
      return [latinName(first, last, person.middle ?? rng.pick(['A.', 'M.', 'J.']))]
    case 'spelling':
      return [latinName(respell(first), respell(last)), ...script]
    case 'surname-first':
      return [{ ...latinName(first, last), full_name: `${last.toUpperCase()} ${first}` }]
    case 'initial':
      return [{ ...latinName(first, last), full_name: `${first.slice(0, 1)}. ${last}` }]
    case 'native':
      // Lists compiled from local sources put the original script first.
      return [...script, latinName(first, last, person.middle)]
  }
}

const LEVEL: Record<DobForm | CountryForm | GenderForm, string> = {
  day: 'MATCH',
  year: 'PARTIAL_MATCH',
  around: 'PARTIAL_MATCH',
  two: 'PARTIAL_MATCH',
  'other-decade': 'NO_MATCH',
  same: 'MATCH',
  dual: 'PARTIAL_MATCH',
  other: 'NO_MATCH',
  'other-citizenship': 'NO_MATCH',
  none: 'NO_MATCH',
}
const NAME_PERCENT: Record<NameForm, number> = {
  exact: 100,
  native: 100,
  'surname-first': 96,
  middle: 91,
  spelling: 84,
  initial: 72,
}

/**
 * The `index`th hit of a report about `subject`: a Person whose name is close to the subject's and
 * whose date of birth, nationality and gender are set against the subject's own.
 */
export function subjectHit(rng: Rng, subject: Identity, index: number): MatchStub {
  // Past the first eight the kinds come in another order, so no two hits are the same person.
  const slot = SLOTS[(index + Math.floor(index / SLOTS.length) * 3) % SLOTS.length] ?? SLOTS[0]!
  const alpha2 = subject.country.alpha2
  const names = hitNames(rng, slot.name, subject.person)
  const dates = datesOfBirth(rng, slot.dob, subject.birth)
  const facts: SubjectHit['facts'] = { ...countryFacts(rng, slot.country, alpha2) }
  if (dates) facts.dates_of_birth = dates
  const female = subject.person.gender === 'F'
  if (slot.gender !== 'none')
    facts.genders = [(slot.gender === 'same') === female ? 'female' : 'male']
  const home = facts.nationalities?.[0] ?? facts.citizenships?.[0] ?? alpha2
  const latin = names.find((n) => n.first_name) ?? names[0]
  return {
    uuid: rng.uuid(),
    type: 'Person',
    name: latin?.full_name ?? subject.person.first,
    person: { ...subject.person, country: home },
    hit: {
      names,
      facts,
      levels: {
        name: NAME_PERCENT[slot.name],
        dob: LEVEL[slot.dob],
        country: LEVEL[slot.country],
        gender: LEVEL[slot.gender],
      },
    },
  }
}
