import type { AmlMatch, AmlSearchResult } from '@/lib/upstream/schemas'
import { exampleIds } from '@/lib/demo/example-ids'

import { isoDate } from './clock'
import { buildAmlResult, maxRisk, setMatchRisk, type AmlRegistry } from './dataset-aml'
import { media } from './dataset-aml-fields'
import { fullName, respell, type Identity } from './dataset-aml-subject'
import type { AmlSubject } from './dataset-verifications'
import { rngFor, type Rng } from './random'
import { countries, personNames } from './vocab-people'

/** What an AML_SCREENING record says was asked; other request members are drawn per record. */
type ScreeningRequest = {
  full_name: string
  first_name: string
  last_name: string
  date_of_birth?: { gte: string; lte: string }
  countries: string[]
  gender: string
}

export type Screening = { applicantId: string; request: ScreeningRequest; result: AmlSearchResult }

/** How a screening request may differ from the identity a verification verified. */
type Deviation =
  | 'no-middle-name'
  | 'transliteration'
  | 'no-date-of-birth'
  | 'decade'
  | 'other-country'

export type PlacedRecord =
  | { kind: 'aml'; screening: Screening; recordId?: string }
  | { kind: 'docver'; shortId: string }

export type HistoryPlan = {
  /** Records at fixed positions of the history, 0 being the newest. */
  placed: Map<number, PlacedRecord>
  /** Each verification's own screening, by verification id; the history carries each once at most. */
  linkable: Map<string, Screening>
}

/*
 * Positions in the history (newest first). Each applicant's newest screening is among the newest
 * 50 records, for triage and for a look back bounded to 100 records; the earlier ones are within
 * the first 500. The history's pace puts them days apart.
 */
const REVIEW_AT = [190, 6] as const
const MONITORED_AT = [410, 120, 17] as const
const SCREENING_ONLY_AT = [260, 38] as const
const DIFFERING_AT = 44
const FAILED_DOCVER_AT = [
  [11, exampleIds.errorsShortId],
  [29, exampleIds.shortIds.failed],
] as const

/** An applicant screened without a verification: the request is all Verity knows of them. */
const SCREENING_ONLY = { last: 'Haddad', birth: Date.UTC(1979, 4, 21) }
/** People of the examples: the monitored applicant is someone else, so no two are confused. */
const EXAMPLE_PEOPLE = new Set(['Volkov', 'Al-Rashid', SCREENING_ONLY.last])

function screeningRequest(
  { person, birth, country }: Identity,
  deviations: readonly Deviation[] = [],
): ScreeningRequest {
  const has = (d: Deviation) => deviations.includes(d)
  let first = person.first
  let last = person.last
  let full = fullName(person)
  if (has('no-middle-name')) full = `${first} ${last}`
  if (has('transliteration')) {
    const latin = person.variants.find(
      (v) => /^[\p{Script=Latin}\s'-]+$/u.test(v.full_name) && v.full_name !== full,
    )
    const words = latin?.full_name.split(' ') ?? [respell(first), respell(last)]
    first = words[0] ?? first
    last = words.at(-1) ?? last
    full = latin?.full_name ?? `${first} ${last}`
  }
  const year = new Date(birth).getUTCFullYear()
  const decade = year - (year % 10)
  const countryIndex = countries.indexOf(country)
  const request: ScreeningRequest = {
    full_name: full.toUpperCase(),
    first_name: first,
    last_name: last,
    date_of_birth: has('decade')
      ? { gte: `${decade}-01-01`, lte: `${decade + 9}-12-31` }
      : { gte: isoDate(birth), lte: isoDate(birth) },
    countries: [
      has('other-country')
        ? (countries[(countryIndex + 7) % countries.length]?.alpha2 ?? 'GB')
        : country.alpha2,
    ],
    gender: person.gender === 'F' ? 'female' : 'male',
  }
  if (has('no-date-of-birth')) delete request.date_of_birth
  return request
}

function deviationsFor(rng: Rng, identity: Identity): Deviation[] {
  if (rng.chance(0.6)) return []
  const options: Deviation[] = ['transliteration', 'no-date-of-birth', 'decade', 'other-country']
  if (identity.person.middle) options.push('no-middle-name')
  return [rng.pick(options)]
}

/** Hits of the verifications' own reports: a few have about fifty, most a handful. */
const matchesFor = (index: number) => (index % 11 === 4 ? 40 + (index % 30) : index % 5)

/**
 * Screenings of one applicant under `searchIds` (oldest first). The newest holds `matches` hits;
 * going back, each earlier one lacks the one or two hits the next one added, holds the one or two
 * it dropped, rates one kept hit Low that the next rates High, and lacks a media item the next
 * one has. Match uuids are the same across the series.
 */
function screeningSeries(
  seed: number,
  searchIds: readonly string[],
  requestedName: string,
  subject: Identity,
  matches: number,
): AmlSearchResult[] {
  const newestId = searchIds.at(-1) ?? ''
  const rng = rngFor(seed, 'rescreen', newestId)
  const steps = searchIds.length - 1
  const dropped = Array.from({ length: steps }, () => rng.int(1, 2))
  const total = matches + dropped.reduce((sum, n) => sum + n, 0)
  const pool = buildAmlResult(seed, {
    searchId: newestId,
    requestedName,
    matches: total,
    fullMatches: 3,
    subject,
  })
  // Pool indices of each screening, newest first, and what changed at each step back.
  let current = Array.from({ length: matches }, (_, i) => i)
  const members = [current]
  const changes: { raised: number; grown: number; item: ReturnType<typeof media> }[] = []
  const touched = new Set<number>()
  let next = matches
  for (const count of dropped) {
    // The closest hit (index 0) is in every screening.
    const added = rng.sample(
      current.filter((i) => i !== 0),
      rng.int(1, 2),
    )
    const kept = current.filter((i) => !added.includes(i))
    const [raised = 0, grown = 0] = rng.sample(
      kept.filter((i) => !touched.has(i)),
      2,
    )
    touched.add(raised).add(grown)
    changes.push({
      raised,
      grown,
      item: media(rng, pool.data[grown]?.fields?.names?.[0]?.full_name ?? ''),
    })
    current = [...kept, ...Array.from({ length: count }, (_, i) => next + i)].sort((a, b) => a - b)
    next += count
    members.push(current)
  }
  return members
    .map((indices, age) => {
      const data = indices.map((i) => structuredClone(pool.data[i]) as AmlMatch)
      const at = (i: number) => data.find((m) => m.uuid === pool.data[i]?.uuid)
      changes.forEach((change, step) => {
        const newer = age <= step
        const raised = at(change.raised)
        if (raised) setMatchRisk(raised, newer ? 'High' : 'Low')
        const grown = at(change.grown)
        if (grown && newer) {
          grown.fields = { ...grown.fields, media: [...(grown.fields?.media ?? []), change.item] }
          if (!grown.tags?.includes('Media')) grown.tags = [...(grown.tags ?? []), 'Media']
        }
      })
      const uuids = new Set(data.map((m) => m.uuid))
      for (const match of data)
        if (match.fields?.associates)
          match.fields.associates = match.fields.associates.filter((a) => uuids.has(a.uuid ?? ''))
      const result: AmlSearchResult = {
        requested_name: requestedName,
        search_uuid: searchIds[steps - age] ?? '',
        data,
        max_risk_score: maxRisk(data),
      }
      if (pool.fatf_records) result.fatf_records = structuredClone(pool.fatf_records)
      return result
    })
    .reverse()
}

function register(aml: AmlRegistry, results: readonly AmlSearchResult[]): AmlSearchResult[] {
  for (const result of results) aml.put(result)
  return [...results]
}

/**
 * Builds every verification's own report (its screening request as verified, or differing from
 * it), the repeated screenings of three applicants, and where the history carries them.
 */
export function planScreenings(
  seed: number,
  subjects: readonly AmlSubject[],
  aml: AmlRegistry,
): HistoryPlan {
  const placed = new Map<number, PlacedRecord>()
  const linkable = new Map<string, Screening>()
  const reserved = new Set<string>()
  const place = (
    positions: readonly number[],
    applicantId: string,
    series: AmlSearchResult[],
    request: ScreeningRequest,
  ) => {
    reserved.add(applicantId)
    positions.forEach((position, i) => {
      const result = series[i]
      if (result) placed.set(position, { kind: 'aml', screening: { applicantId, request, result } })
    })
  }
  let monitored = false
  for (const subject of subjects) {
    const { verification, identity, searchId, index } = subject
    const applicantId = verification.applicant_id ?? ''
    const shortId = verification.verification_url_id
    if (shortId === exampleIds.reviewShortId) {
      const request = screeningRequest(identity)
      const series = screeningSeries(
        seed,
        [exampleIds.reviewPreviousSearchId, searchId],
        request.full_name,
        identity,
        8,
      )
      place(REVIEW_AT, applicantId, register(aml, series), request)
      const newest = placed.get(REVIEW_AT[1])
      if (newest?.kind === 'aml') newest.recordId = exampleIds.reviewScreeningRecordId
      continue
    }
    if (shortId === exampleIds.differingShortId) {
      const request = screeningRequest(identity, ['no-middle-name', 'decade'])
      const result = aml.add({
        searchId,
        requestedName: request.full_name,
        matches: 6,
        fullMatches: 2,
        subject: identity,
      })
      place([DIFFERING_AT], applicantId, [result], request)
      continue
    }
    // A subject verified in a non-Latin script always has hits, to compare across scripts.
    const nonLatin = !/\p{Script=Latin}/u.test(verification.poi_data?.full_name ?? 'latin')
    const matches = nonLatin ? Math.max(matchesFor(index), 3) : matchesFor(index)
    // The first verification with a handful of hits, of a person no example is about, is
    // re-screened twice (ongoing monitoring).
    if (!monitored && matches >= 2 && matches <= 4 && !EXAMPLE_PEOPLE.has(identity.person.last)) {
      monitored = true
      const rng = rngFor(seed, 'rescreen-ids', index)
      const request = screeningRequest(identity)
      const series = screeningSeries(
        seed,
        [rng.uuid(), rng.uuid(), searchId],
        request.full_name,
        identity,
        matches + 2,
      )
      place(MONITORED_AT, applicantId, register(aml, series), request)
      continue
    }
    const request = screeningRequest(
      identity,
      deviationsFor(rngFor(seed, 'screening-request', index), identity),
    )
    const result = aml.add({
      searchId,
      requestedName: request.full_name,
      matches,
      fullMatches: Math.min(matches, 3),
      subject: identity,
    })
    // An applicant verified twice has two reports; the history carries the first one only.
    if (![...linkable.values()].some((s) => s.applicantId === applicantId))
      linkable.set(verification.id ?? '', { applicantId, request, result })
  }
  const person = personNames.find((p) => p.last === SCREENING_ONLY.last) ?? personNames[0]!
  const country = countries.find((c) => c.alpha2 === person.country) ?? countries[0]!
  const identity: Identity = { person, country, birth: SCREENING_ONLY.birth }
  const rng = rngFor(seed, 'screening-only')
  const applicantId = rng.uuid()
  const request = screeningRequest(identity)
  const series = screeningSeries(seed, [rng.uuid(), rng.uuid()], request.full_name, identity, 6)
  place(SCREENING_ONLY_AT, applicantId, register(aml, series), request)
  for (const [position, shortId] of FAILED_DOCVER_AT)
    placed.set(position, { kind: 'docver', shortId })
  // An applicant screened on purpose above is screened nowhere else, so comparisons stay true.
  for (const subject of subjects)
    if (reserved.has(subject.verification.applicant_id ?? ''))
      linkable.delete(subject.verification.id ?? '')
  return { placed, linkable }
}
