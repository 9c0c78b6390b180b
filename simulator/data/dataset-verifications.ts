import { exampleIds } from '@/lib/demo/example-ids'
import type { MrzData, PoiData, Profile, Verification } from '@/lib/upstream/schemas'
import { VERIFICATION_STATUSES, type VerificationStatus } from '@/lib/verifications/lifecycle'

import { DAY, FUTURE_REFERENCE, MINUTE, SIM_NOW, iso, isoDate, mrzDate } from './clock'
import { fullName, nativeName, type Identity } from './dataset-aml-subject'
import { buildChecks } from './dataset-checks'
import { rngFor, type Rng } from './random'
import { countries, emailDomains, personNames, streets, type Country } from './vocab-people'

const FINAL = new Set<VerificationStatus>(['verified', 'failed'])
const MRZ_TYPE: Record<string, string> = {
  passport: 'P',
  id_card: 'ID',
  residence_permit: 'IR',
  driving_license: 'DL',
}

/** A verification that asked for an AML search; the data set builds the result under `searchId`. */
export type AmlSubject = {
  searchId: string
  index: number
  verification: Verification
  identity: Identity
}

type Special = {
  shortId: string
  status: VerificationStatus
  profile?: string
  sandbox?: boolean
  /** A report of the example set, built elsewhere. */
  aml?: string
  /** A report built for this verification's identity under a fixed id. */
  screenedAs?: string
  applicant?: string
  identity?: { last: string; birth: number }
}

/** The differing example's report and applicant (fixed, but no example needs to name them). */
const DIFFERING_SEARCH_ID = 'd46e2386-3321-4476-94b2-76fe57e0a968'
const DIFFERING_APPLICANT_ID = 'a31276a6-edf0-40d6-af11-b3bdb6277612'

const SPECIALS: readonly Special[] = [
  ...VERIFICATION_STATUSES.map((status) => ({ shortId: exampleIds.shortIds[status], status })),
  {
    shortId: exampleIds.sandboxShortId,
    status: 'verified',
    sandbox: true,
    aml: exampleIds.amlFiftyId,
  },
  {
    shortId: exampleIds.errorsShortId,
    status: 'failed',
    profile: exampleIds.richProfileId,
    aml: exampleIds.amlRichId,
  },
  { shortId: exampleIds.minimalShortId, status: 'initial' },
  {
    shortId: exampleIds.reviewShortId,
    status: 'verified',
    profile: exampleIds.richProfileId,
    sandbox: false,
    screenedAs: exampleIds.reviewSearchId,
    applicant: exampleIds.reviewApplicantId,
    identity: { last: 'Volkov', birth: Date.UTC(1985, 2, 14) },
  },
  {
    shortId: exampleIds.differingShortId,
    status: 'verified',
    // An id card first: its name is read in Arabic, and the screening asked in Latin letters.
    profile: exampleIds.defaultProfileId,
    sandbox: false,
    screenedAs: DIFFERING_SEARCH_ID,
    applicant: DIFFERING_APPLICANT_ID,
    identity: { last: 'Al-Rashid', birth: Date.UTC(1974, 7, 2) },
  },
]
const MINIMAL_INDEX = SPECIALS.findIndex((s) => s.shortId === exampleIds.minimalShortId)
const ERRORS_INDEX = SPECIALS.findIndex((s) => s.shortId === exampleIds.errorsShortId)

function poiData(
  rng: Rng,
  { person, country, birth }: Identity,
  docType: string,
  expiry: number,
  docNumber: string,
): PoiData {
  // A national id card prints the name in the country's own script; the MRZ stays Latin.
  const native = docType === 'id_card' ? nativeName(person) : undefined
  const data: PoiData = {
    has_mrz: docType !== 'driving_license',
    raw_mrz_type: docType === 'passport' ? 'TD3' : docType === 'driving_license' ? '' : 'TD1',
    country: country.alpha3,
    full_name: native?.full_name ?? fullName(person),
    name: native?.first ?? person.first,
    surname: native?.last ?? person.last,
    document_number: docNumber,
    nationality: country.alpha3,
    birth_date: isoDate(birth),
    sex: person.gender,
    expiry_date: isoDate(expiry),
    issue_date: isoDate(expiry - 10 * 365 * DAY),
  }
  if (docType === 'id_card') data.pin = String(rng.int(100_000_000, 999_999_999)) + rng.int(10, 99)
  if (docType === 'id_card' && rng.chance(0.5)) data.card_number = `C${rng.hex(8).toUpperCase()}`
  if (country.alpha2 === 'BR')
    data.cpf_number = `${rng.int(100, 999)}.${rng.int(100, 999)}.${rng.int(100, 999)}-${rng.int(10, 99)}`
  if (country.alpha2 === 'NG')
    Object.assign(data, {
      nin: String(rng.int(10_000_000_000, 99_999_999_999)),
      polling_unit: `PU ${rng.int(1, 40)}/${rng.int(1, 9)}`,
    })
  if (docType === 'driving_license') {
    Object.assign(data, {
      license_number: `${person.last.slice(0, 5).toUpperCase()}${rng.int(100000, 999999)}`,
      license_type: 'full',
      license_class: rng.pick(['B', 'B, BE', 'A2, B, C1']),
      restrictions: rng.pick(['', '01 (glasses)']),
      endorsements: rng.pick(['', 'none']),
      height: `${rng.int(155, 198)} cm`,
    })
  }
  if (docType === 'residence_permit')
    Object.assign(data, {
      region: country.city,
      registration_date: isoDate(expiry - 5 * 365 * DAY),
      occupation: rng.pick(['Engineer', 'Student', 'Self-employed']),
    })
  if (rng.chance(0.2))
    data.parents_names = `${rng.pick(personNames).first} / ${rng.pick(personNames).first}`
  if (docType === 'driving_license' && rng.chance(0.3)) data.vin = `WVW${rng.hex(14).toUpperCase()}`
  return data
}

function buildVerification(
  seed: number,
  index: number,
  profiles: readonly Profile[],
  subjects: AmlSubject[],
  identities: Map<string, Identity>,
): Verification {
  const rng = rngFor(seed, 'verification', index)
  const special = SPECIALS[index]
  const status = special?.status ?? rng.pick(VERIFICATION_STATUSES)
  const usable = profiles.filter((p) => !p.is_archived)
  const profile =
    profiles.find((p) => p.profile_id === special?.profile) ??
    (index === 0 ? profiles[0] : rng.pick(usable))
  if (!profile?.settings) throw new Error('profiles carry settings')
  const settings = profile.settings
  const sandbox = special?.sandbox ?? rng.chance(0.35)
  const shortId = special?.shortId ?? `V${rng.hex(16).toUpperCase()}`
  const drawnPerson = rng.pick(personNames)
  const drawnCountry = countryOf(drawnPerson.country) ?? rng.pick(countries)
  // Birth years on both sides of 2000, expiry dates before and after SIM_NOW.
  const drawnBirth = Date.UTC(rng.int(1948, 2008), rng.int(0, 11), rng.int(1, 28))
  const expiry = SIM_NOW + rng.int(-700, 3000) * DAY
  const firstDocument = settings.poi_allowed_documents?.[0]
  const docType = typeof firstDocument === 'string' ? firstDocument : 'passport'
  const docNumber = `${rng.pick(['', 'X', 'AB'])}${rng.int(10_000_000, 999_999_999)}`
  const createdAt = SIM_NOW - rng.int(0, 120) * DAY - rng.int(0, 86_399) * 1000
  const openWithCountdown =
    !FINAL.has(status) &&
    status !== 'expired' &&
    status !== 'canceled' &&
    (special !== undefined || rng.chance(0.5))
  const expiresAt = openWithCountdown
    ? FUTURE_REFERENCE + rng.int(1, 90) * DAY
    : createdAt + rng.int(1, 14) * DAY
  const id = rng.uuid()
  const drawnApplicant = rngFor(
    seed,
    'applicant',
    rng.int(0, Math.max(3, Math.floor(profiles.length / 2))),
  ).uuid()
  const applicantId = special?.applicant ?? drawnApplicant
  // One applicant is one person: a later verification of the same applicant verifies them again.
  const identity = identities.get(applicantId) ??
    specialIdentity(special) ?? {
      person: drawnPerson,
      birth: drawnBirth,
      country: drawnCountry,
    }
  identities.set(applicantId, identity)
  const { person, country, birth } = identity
  const mrz: MrzData = {
    document_type: MRZ_TYPE[docType] ?? 'P',
    country: country.alpha3,
    name: person.first.toUpperCase(),
    surname: person.last.toUpperCase(),
    doc_number: docNumber,
    nationality: country.alpha3,
    birth_date: mrzDate(birth),
    sex: person.gender,
    expiry_date: mrzDate(expiry),
  }
  const verification: Verification = {
    id,
    applicant_id: applicantId,
    status,
    checks: buildChecks({ settings, status, mrz, manyErrors: index === ERRORS_INDEX }, rng),
    created_at: iso(createdAt, rng.int(0, 999)),
    verification_url: `https://am.dataspike.${sandbox ? 'dev' : 'io'}/${shortId}`,
    verification_url_id: shortId,
    expires_at: iso(expiresAt, rng.int(0, 999)),
    is_sandbox: sandbox,
    profile_id: profile.profile_id,
    settings,
  }
  if (index === MINIMAL_INDEX) return verification
  if (status !== 'initial') {
    const docs = [
      docType,
      ...(settings.face_comparison_required ? ['selfie'] : []),
      ...(settings.poa_required ? ['utility_bill'] : []),
    ]
    verification.documents = docs.map((document_type) => ({
      document_id: rng.uuid(),
      document_type,
      content_type: rng.pick(['image/jpeg', 'image/png', 'application/pdf']),
    }))
  }
  if (FINAL.has(status))
    verification.completed_at = iso(createdAt + rng.int(2, 600) * MINUTE, rng.int(0, 999))
  verification.country_code = country.alpha2
  if (settings.poi_required && status !== 'initial')
    verification.poi_data = poiData(rng, identity, docType, expiry, docNumber)
  if (special?.aml || special?.screenedAs || rng.chance(0.7)) {
    const searchId = special?.aml ?? special?.screenedAs ?? rng.uuid()
    verification.aml_search_id = searchId
    if (!special?.aml) subjects.push({ searchId, index, verification, identity })
  }
  const manual = settings.manual_field_settings
  if (manual?.enabled) {
    const custom: Record<string, unknown> = {}
    const files: Record<string, unknown> = {}
    for (const field of manual.custom_fields ?? []) {
      const label = field.label ?? 'field'
      if (field.options?.type === 'file')
        files[label] = {
          document_id: rng.uuid(),
          file_name: `${label}.pdf`,
          content_type: 'application/pdf',
          size: rng.int(20_000, 4_000_000),
        }
      else
        custom[label] = field.options?.choices?.length
          ? rng.pick(field.options.choices)
          : rng.pick(['Software engineer', 'DE123456789', 'n/a'])
    }
    verification.manual_fields = {
      full_name: fullName(person),
      email: `${person.first.toLowerCase().replace(/[^a-z]/g, '')}.${index}@${rng.pick(emailDomains)}`,
      phone: `${country.phone} ${rng.int(100, 999)} ${rng.int(100, 999)} ${rng.int(1000, 9999)}`,
      country: country.alpha2,
      dob: isoDate(birth),
      citizenship: country.alpha2,
      address: `${rng.int(1, 220)} ${rng.pick(streets)}, ${country.city}, ${country.name}`,
      custom_fields: custom,
    }
    if (Object.keys(files).length > 0) verification.custom_files = files
  }
  return verification
}

const countryOf = (alpha2: string): Country | undefined =>
  countries.find((c) => c.alpha2 === alpha2)

function specialIdentity(special: Special | undefined): Identity | undefined {
  const person = personNames.find((p) => p.last === special?.identity?.last)
  const country = countryOf(person?.country ?? '')
  if (!person || !country || !special?.identity) return undefined
  return { person, country, birth: special.identity.birth }
}

/** Verifications 0-11 are the well-known ones of `exampleIds.shortIds` and friends. */
export function buildVerifications(
  seed: number,
  count: number,
  profiles: readonly Profile[],
): { verifications: Verification[]; subjects: AmlSubject[] } {
  const subjects: AmlSubject[] = []
  const identities = new Map<string, Identity>()
  const verifications = Array.from({ length: Math.max(count, SPECIALS.length) }, (_, index) =>
    buildVerification(seed, index, profiles, subjects, identities),
  )
  return { verifications, subjects }
}
