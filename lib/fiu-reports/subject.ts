import { asObject, readString } from '@/lib/json/read'
import type { AmlMatch, Verification } from '@/lib/upstream/schemas'
import { countryCode } from '@/lib/util/countries'

import type { ReportSubject } from './contract'
import type { MatchFact } from './template'

/*
 * The report's subject and matched entries, from the upstream's records: the verified document
 * first (its data, then its MRZ, then the applicant's own form), the name screened otherwise.
 * goAML takes two-letter country codes; documents carry three-letter ones (and MRZ `D`).
 */

/** A country as goAML writes it (two letters), from a two- or three-letter code or a name; '' if unknown. */
export function goamlCountry(value: string | null | undefined): string {
  return countryCode(value) ?? ''
}

const clean = (value: string | null | undefined) =>
  (value ?? '').replace(/</g, ' ').replace(/\s+/g, ' ').trim()

/** yyyy-mm-dd from a date or date-time; '' if it is not one. */
function isoDay(value: string | null | undefined): string {
  const day = /^(\d{4}-\d{2}-\d{2})/.exec(value?.trim() ?? '')?.[1]
  return day ?? ''
}

export function subjectFromVerification(verification: Verification): ReportSubject {
  const poi = verification.poi_data
  const mrz = asObject(asObject(verification.checks?.document_mrz)?.data)
  const manual = verification.manual_fields
  const [formFirst = '', ...formRest] = clean(manual?.full_name).split(' ')
  const firstName = clean(poi?.name) || clean(readString(mrz, 'name')) || formFirst
  const lastName = clean(poi?.surname) || clean(readString(mrz, 'surname')) || formRest.join(' ')
  const number = clean(poi?.document_number) || clean(readString(mrz, 'doc_number'))
  const issuer = goamlCountry(poi?.country ?? readString(mrz, 'country'))
  const mrzType = readString(mrz, 'document_type') ?? ''
  const passport =
    poi?.raw_mrz_type === 'TD3' ||
    mrzType.startsWith('P') ||
    (verification.documents ?? []).some((document) => document.document_type === 'passport')
  return {
    firstName,
    middleName: '',
    lastName,
    birthdate: isoDay(poi?.birth_date) || isoDay(manual?.dob),
    nationality: goamlCountry(
      poi?.nationality ?? readString(mrz, 'nationality') ?? manual?.citizenship,
    ),
    passportNumber: passport ? number : '',
    passportCountry: passport && number ? issuer : '',
    idNumber: passport ? '' : number,
  }
}

/** The name screened, split as well as a single string allows: the last word is the last name. */
export function subjectFromName(name: string | null): ReportSubject {
  const words = clean(name).split(' ').filter(Boolean)
  return {
    firstName: words.length > 1 ? words.slice(0, -1).join(' ') : '',
    middleName: '',
    lastName: words.at(-1) ?? '',
    birthdate: '',
    nationality: '',
    passportNumber: '',
    passportCountry: '',
    idNumber: '',
  }
}

const unique = (items: (string | null | undefined)[]) => [
  ...new Set(items.map((item) => clean(item)).filter(Boolean)),
]

/** A matched list entry: its name, the lists it is on, their programmes and its public roles. */
export function matchFact(match: AmlMatch): MatchFact {
  const fields = match.fields
  const name =
    clean(fields?.names?.[0]?.full_name) ||
    clean(match.search_metadata?.best_match_name) ||
    match.uuid
  return {
    uuid: match.uuid,
    name,
    lists: unique((fields?.sources ?? []).map((source) => source.name)),
    programmes: unique([
      ...(fields?.sources ?? []).map((source) => source.reason),
      ...(match.tags ?? []),
    ]),
    roles: unique((fields?.political_roles ?? []).map((role) => role.role)),
  }
}
