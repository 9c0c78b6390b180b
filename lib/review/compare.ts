import { overlaps, parseRange, rangeYears } from '@/lib/review/dates'
import { readGender, type Gender, type Subject } from '@/lib/review/subject'
import { nameWords, oneEditApart, type NameWord } from '@/lib/review/words'
import type { AmlMatch } from '@/lib/upstream/schemas'
import { countryCode } from '@/lib/util/countries'
import { remembered } from '@/lib/util/remembered'

/*
 * Why a hit matched, from the data Verity has: each fact of the subject against the match, as
 * agrees / conflicts / unknown. No score is invented. Display strings hold years, never full dates.
 */

type Verdict = 'agrees' | 'conflicts' | 'unknown'

type NamePair = {
  /** The subject's word as written. */
  subjectWord: string
  /** The match's word as written. */
  matchWord: string
  /** The match's name that holds `matchWord`, and its language when the upstream gives one. */
  matchName: string
  lang: string | null
  /** One edit apart rather than equal. */
  close: boolean
}

type NameComparison = {
  verdict: Verdict
  /** Pairs of the subject's best-covered name form. */
  pairs: NamePair[]
  /** Words of that form that no name of the match holds. */
  unmatched: string[]
}

type FactComparison = {
  verdict: Verdict
  /** Display strings: years for dates (`1985`, `1980–1985`), codes for countries (`GB, FR`), `male`/`female`. */
  subject: string | null
  match: string | null
}

type MatchComparison = {
  name: NameComparison
  dateOfBirth: FactComparison
  country: FactComparison
  gender: FactComparison
  /** How many of dateOfBirth, country and gender conflict; a name never does (it is why it is a hit). */
  conflicts: number
  sentence: string
}

// A report of 1,000 matches asks about the same few countries and the subject's names once per
// match.
const codeOf = remembered(countryCode)
/** Shared between calls: read, never changed. */
const wordsOf = remembered(nameWords)

export function compareMatch(subject: Subject, match: AmlMatch): MatchComparison {
  const name = compareNames(subject.names, matchNames(match))
  const dateOfBirth = compareDates(subject, match)
  const country = compareCountries(subject, match)
  const gender = compareGenders(subject, match)
  const facts = [dateOfBirth, country, gender]
  return {
    name,
    dateOfBirth,
    country,
    gender,
    conflicts: facts.filter((fact) => fact.verdict === 'conflicts').length,
    sentence: sentence(subject, { name, dateOfBirth, country, gender }),
  }
}

/** What a match card shows of a comparison, and no more: it goes to the browser per match. */
export type MatchWhyView = {
  sentence: string
  conflicts: number
  /** Conflicts; no conflict and something agrees; or nothing but the name to go by. */
  overall: 'conflicts' | 'fits' | 'unknown'
  pairs: { subjectWord: string; matchWord: string; lang: string | null; close: boolean }[]
  unmatched: string[]
}

export function whyView(comparison: MatchComparison): MatchWhyView {
  const facts = [comparison.dateOfBirth, comparison.country, comparison.gender]
  return {
    sentence: comparison.sentence,
    conflicts: comparison.conflicts,
    overall:
      comparison.conflicts > 0
        ? 'conflicts'
        : facts.some((fact) => fact.verdict === 'agrees')
          ? 'fits'
          : 'unknown',
    pairs: comparison.name.pairs.map(({ subjectWord, matchWord, lang, close }) => ({
      subjectWord,
      matchWord,
      lang,
      close,
    })),
    unmatched: comparison.name.unmatched,
  }
}

// ---- Names ----

type MatchName = { name: string; lang: string | null; words: NameWord[] }

/** Short words one edit apart are usually different names (Ivan, Iwan, Ivon). */
const CLOSE_MIN_LETTERS = 5

function matchNames(match: AmlMatch): MatchName[] {
  const listed = [
    { name: match.search_metadata?.best_match_name, lang: null },
    ...(match.fields?.names ?? []).map((entry) => ({
      name:
        entry.full_name ||
        [entry.first_name, entry.middle_name, entry.last_name].filter(Boolean).join(' '),
      lang: entry.lang || null,
    })),
  ]
  const names: MatchName[] = []
  for (const { name, lang } of listed) {
    if (!name || names.some((known) => known.name === name && known.lang === lang)) continue
    names.push({ name, lang, words: wordsOf(name) })
  }
  return names
}

function compareNames(
  subjectNames: readonly string[],
  names: readonly MatchName[],
): NameComparison {
  let best: (ReturnType<typeof compareForm> & { covered: number; total: number }) | null = null
  for (const form of subjectNames) {
    const words = wordsOf(form)
    if (words.length === 0) continue
    const candidate = compareForm(words, names)
    const covered = candidate.pairs.length
    const better =
      !best ||
      covered * best.total > best.covered * words.length ||
      (covered * best.total === best.covered * words.length && covered > best.covered)
    if (better) best = { ...candidate, covered, total: words.length }
  }
  if (!best) return { verdict: 'unknown', pairs: [], unmatched: [] }
  const { pairs, unmatched, covered, total } = best
  return { verdict: covered === total ? 'agrees' : 'unknown', pairs, unmatched }
}

/**
 * One subject name form against every name of the match. Each word takes an exact pair before a
 * close one, and the name that covers most of the form before the others, so that the pairs of a
 * form point at one name where they can.
 */
function compareForm(words: readonly NameWord[], names: readonly MatchName[]) {
  const found = names.map((name) => words.map((word) => pairIn(word, name)))
  const coverage = (row: readonly (NamePair | null)[]) =>
    row.reduce((sum, pair) => sum + (pair ? (pair.close ? 1 : 2) : 0), 0)
  const order = found
    .map((row, index) => ({ row, score: coverage(row), index }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
  const pairs: NamePair[] = []
  const unmatched: string[] = []
  words.forEach((word, index) => {
    const candidates = order.map(({ row }) => row[index]).filter((pair) => pair != null)
    const pair = candidates.find((candidate) => !candidate.close) ?? candidates[0]
    if (pair) pairs.push(pair)
    else unmatched.push(word.text)
  })
  return { pairs, unmatched }
}

function pairIn(word: NameWord, name: MatchName): NamePair | null {
  const make = (other: NameWord, close: boolean): NamePair => ({
    subjectWord: word.text,
    matchWord: other.text,
    matchName: name.name,
    lang: name.lang,
    close,
  })
  const exact = name.words.find((other) => other.key === word.key)
  if (exact) return make(exact, false)
  if ([...word.key].length < CLOSE_MIN_LETTERS) return null
  const close = name.words.find(
    (other) => [...other.key].length >= CLOSE_MIN_LETTERS && oneEditApart(word.key, other.key),
  )
  return close ? make(close, true) : null
}

// ---- Date of birth, country, gender ----

function compareDates(subject: Subject, match: AmlMatch): FactComparison {
  const ranges = (match.fields?.dates_of_birth ?? [])
    .map((range) => parseRange(range.gte, range.lte))
    .filter((range) => range !== null)
  const own = subject.dateOfBirth
  const listed = unique(ranges.map(rangeYears)).join(', ') || null
  const fact = { subject: own ? rangeYears(own) : null, match: listed }
  if (!own || ranges.length === 0) return { verdict: 'unknown', ...fact }
  return { verdict: ranges.some((range) => overlaps(own, range)) ? 'agrees' : 'conflicts', ...fact }
}

function compareCountries(subject: Subject, match: AmlMatch): FactComparison {
  const listed = [...(match.fields?.citizenships ?? []), ...(match.fields?.nationalities ?? [])]
    .map((value) => value.trim())
    .filter(Boolean)
  const codes = unique(listed.map(codeOf).filter((code) => code !== null))
  // A value no code is known for might be the subject's country under another name.
  const unread = unique(listed.filter((value) => codeOf(value) === null))
  const fact = {
    subject: subject.countries.join(', ') || null,
    match: [...codes, ...unread].join(', ') || null,
  }
  if (codes.some((code) => subject.countries.includes(code))) return { verdict: 'agrees', ...fact }
  const disjoint = subject.countries.length > 0 && codes.length > 0 && unread.length === 0
  return { verdict: disjoint ? 'conflicts' : 'unknown', ...fact }
}

function compareGenders(subject: Subject, match: AmlMatch): FactComparison {
  const genders = matchGenders(match)
  const fact = { subject: subject.gender, match: genders.join(', ') || null }
  if (!subject.gender || genders.length === 0) return { verdict: 'unknown', ...fact }
  return { verdict: genders.includes(subject.gender) ? 'agrees' : 'conflicts', ...fact }
}

function matchGenders(match: AmlMatch): Gender[] {
  const genders = (match.fields?.genders ?? []).map((value) =>
    typeof value === 'string' ? readGender(value) : null,
  )
  return unique(genders.filter((gender) => gender !== null))
}

// ---- The sentence ----

type Facts = Omit<MatchComparison, 'conflicts' | 'sentence'>

const LABELS = { dateOfBirth: 'date of birth', country: 'nationality', gender: 'gender' } as const

/** Conflicts first, then agreements, then briefly what one side lacks. */
function sentence(subject: Subject, facts: Facts): string {
  if (!subject.source) return `Compared with the requested name only: ${namePhrase(facts.name)}.`
  const screened = subject.source.kind === 'screening'
  const { dateOfBirth, country, gender } = facts
  const clauses: Record<Verdict, string[]> = { conflicts: [], agrees: [], unknown: [] }
  const own = (value: string | null) => `${screened ? 'screened as' : 'applicant'} ${value}`

  if (dateOfBirth.verdict !== 'unknown')
    clauses[dateOfBirth.verdict].push(
      `born ${dateOfBirth.match}, ${own(`born ${dateOfBirth.subject}`)}: date of birth ${dateOfBirth.verdict}`,
    )
  if (country.verdict === 'conflicts')
    clauses.conflicts.push(
      `nationality ${country.match}, ${own(country.subject)}: nationality conflicts`,
    )
  if (country.verdict === 'agrees')
    clauses.agrees.push(`nationality ${sharedCountries(subject, country)} agrees`)
  if (gender.verdict === 'conflicts')
    clauses.conflicts.push(`listed as ${gender.match}, ${own(gender.subject)}: gender conflicts`)
  if (gender.verdict === 'agrees') clauses.agrees.push(`gender ${gender.subject} agrees`)

  const unknown = (['dateOfBirth', 'country', 'gender'] as const).filter(
    (key) => facts[key].verdict === 'unknown',
  )
  const notListed = unknown.filter((key) => facts[key].subject && !facts[key].match)
  const notKnown = unknown.filter((key) => !facts[key].subject && facts[key].match)
  if (notListed.length > 0)
    clauses.unknown.push(
      `no ${listWords(
        notListed.map((key) => LABELS[key]),
        'or',
      )} listed`,
    )
  if (notKnown.length > 0) {
    const what = listWords(notKnown.map((key) => LABELS[key]))
    clauses.unknown.push(screened ? `${what} not screened` : `applicant's ${what} not known`)
  }

  const all = [...clauses.conflicts, ...clauses.agrees, ...clauses.unknown]
  if (all.length === 0) return `Only the name to compare: ${namePhrase(facts.name)}.`
  return `${capitalise(all.join('; '))}.`
}

function sharedCountries(subject: Subject, country: FactComparison): string {
  const listed = country.match?.split(', ') ?? []
  return subject.countries.filter((code) => listed.includes(code)).join(', ')
}

function namePhrase(name: NameComparison): string {
  const exact = name.pairs.filter((pair) => !pair.close).map((pair) => pair.subjectWord)
  const parts: string[] = []
  if (exact.length > 0)
    parts.push(`${listWords(exact)} ${exact.length === 1 ? 'matches' : 'match'}`)
  for (const pair of name.pairs.filter((candidate) => candidate.close))
    parts.push(`${pair.subjectWord} is close to ${pair.matchWord}`)
  if (name.unmatched.length > 0) parts.push(`${listWords(name.unmatched)} not found`)
  return parts.join('; ') || 'no name to compare'
}

/** `A`, `A and B`, `A, B and C`. */
function listWords(words: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  if (words.length <= 1) return words.join('')
  return `${words.slice(0, -1).join(', ')} ${conjunction} ${words.at(-1)}`
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)]
}
