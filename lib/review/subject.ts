import { asObject, readString, readStrings } from '@/lib/json/read'
import { parseRange, parseTypedDate } from '@/lib/review/dates'
import { nameKey } from '@/lib/review/words'
import type { Verification } from '@/lib/upstream/schemas'
import { countryCode } from '@/lib/util/countries'
import { isShortId } from '@/lib/util/ids'
import { mrzDateToIso } from '@/lib/verifications/mrz-date'

/*
 * Who was screened. The upstream's AML result does not say, so the subject comes from where the
 * analyst arrived: a verification (what its document and form say) or an AML_SCREENING record
 * (what the screening request asked for). It holds raw data: compare on the server, and send the
 * browser only what the comparison displays.
 */

export type SubjectSource =
  | { kind: 'verification'; shortId: string }
  // a webhook history record (AML_SCREENING) by its id
  | { kind: 'screening'; recordId: string }

/** ISO yyyy-mm-dd, from <= to; an exact date has both equal. An open side is OPEN_FROM / OPEN_TO. */
export type DateRange = { from: string; to: string }

export type Gender = 'male' | 'female'

export type Subject = {
  /** null: only the requested name is known. */
  source: SubjectSource | null
  applicantId: string | null
  /** Name forms, most trusted first, de-duplicated. */
  names: string[]
  dateOfBirth: DateRange | null
  /** ISO alpha-2, upper case, de-duplicated. */
  countries: string[]
  gender: Gender | null
}

const RECORD_ID = /^\S{1,200}$/

/** `verification:<short id>` or `screening:<record id>`; anything else is null. */
export function parseSubjectParam(value: string | null | undefined): SubjectSource | null {
  if (!value) return null
  const colon = value.indexOf(':')
  if (colon < 0) return null
  const kind = value.slice(0, colon)
  const id = value.slice(colon + 1)
  if (kind === 'verification' && isShortId(id)) return { kind, shortId: id }
  if (kind === 'screening' && RECORD_ID.test(id)) return { kind, recordId: id }
  return null
}

export function subjectParam(source: SubjectSource): string {
  return source.kind === 'verification'
    ? `verification:${source.shortId}`
    : `screening:${source.recordId}`
}

/**
 * The verified identity: the document's data first (poi_data, then the MRZ), the applicant's own
 * form last. Two-digit MRZ years take the century that puts the birth before the verification.
 */
export function subjectFromVerification(verification: Verification, shortId: string): Subject {
  const poi = verification.poi_data
  const mrz = asObject(asObject(verification.checks?.document_mrz)?.data)
  const manual = verification.manual_fields
  const mrzBirth = mrzDateToIso(
    readString(mrz, 'birth_date'),
    'birth',
    referenceDate(verification.created_at),
  )
  return {
    source: { kind: 'verification', shortId },
    applicantId: verification.applicant_id || null,
    names: uniqueNames([
      poi?.full_name,
      joinName(poi?.name, poi?.surname),
      joinName(readString(mrz, 'name'), readString(mrz, 'surname')),
      manual?.full_name,
    ]),
    dateOfBirth:
      parseTypedDate(poi?.birth_date) ?? parseTypedDate(mrzBirth) ?? parseTypedDate(manual?.dob),
    countries: uniqueCountries([
      poi?.nationality,
      readString(mrz, 'nationality'),
      manual?.citizenship,
      verification.country_code,
    ]),
    gender: readGender(poi?.sex) ?? readGender(readString(mrz, 'sex')),
  }
}

/** What an AML_SCREENING payload asked for; null when it carries no search request. */
export function subjectFromScreening(recordId: string, payload: unknown): Subject | null {
  const root = asObject(payload)
  const request = asObject(root?.search_request)
  if (!request) return null
  const range = asObject(request.date_of_birth)
  return {
    source: { kind: 'screening', recordId },
    applicantId: readString(root, 'applicant_id'),
    names: uniqueNames([
      readString(request, 'full_name'),
      joinName(readString(request, 'first_name'), readString(request, 'last_name')),
    ]),
    dateOfBirth: parseRange(readString(range, 'gte'), readString(range, 'lte')),
    countries: uniqueCountries(readStrings(request, 'countries')),
    gender: readGender(readString(request, 'gender')),
  }
}

export function subjectFromRequestedName(name: string | null | undefined): Subject {
  return {
    source: null,
    applicantId: null,
    names: uniqueNames([name]),
    dateOfBirth: null,
    countries: [],
    gender: null,
  }
}

/** `M`, `male`, `F`, `Female`…; anything else (`X`, `<`, unknown words) is not a gender we compare. */
export function readGender(value: string | null | undefined): Gender | null {
  const text = value?.trim().toLowerCase()
  if (text === 'm' || text === 'male') return 'male'
  if (text === 'f' || text === 'female') return 'female'
  return null
}

function joinName(first: string | null | undefined, last: string | null | undefined) {
  return [first, last].filter(Boolean).join(' ')
}

/** Trimmed, MRZ fillers (`<`) as spaces, one of each form whatever its case, accents or order. */
function uniqueNames(values: readonly (string | null | undefined)[]): string[] {
  const seen = new Set<string>()
  const names: string[] = []
  for (const value of values) {
    const name = value?.replace(/</g, ' ').replace(/\s+/g, ' ').trim()
    const key = name ? nameKey(name) : ''
    if (!name || !key || seen.has(key)) continue
    seen.add(key)
    names.push(name)
  }
  return names
}

function uniqueCountries(values: readonly (string | null | undefined)[]): string[] {
  const codes = values.map(countryCode).filter((code): code is string => code !== null)
  return [...new Set(codes)]
}

/** When the verification was made (a birth lies before it); now when it does not say. */
function referenceDate(createdAt: string | null | undefined): Date {
  const time = createdAt ? Date.parse(createdAt) : NaN
  return Number.isNaN(time) ? new Date() : new Date(time)
}
