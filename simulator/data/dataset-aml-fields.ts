import type { AmlMatchFields, AmlSource } from '@/lib/upstream/schemas'
import { DAY, SIM_NOW, isoDate } from './clock'
import type { Rng } from './random'
import {
  AIRCRAFT,
  COMPANY_NAMES,
  FATF,
  HEADLINES,
  OCCUPATIONS,
  OUTLETS,
  REASONS,
  RELATIONSHIPS,
  ROLES,
  SOURCES,
  VESSEL_NAMES,
  WALLETS,
} from './vocab-aml'
import { countries, personNames, streets, type PersonName } from './vocab-people'

export type EntityType =
  | 'Person'
  | 'Organization'
  | 'Vessel'
  | 'Aircraft'
  | 'CryptoWallet'
  | 'Country'

/** A hit built against a screened person: its names and facts replace the random ones. */
export type SubjectHit = {
  names: NonNullable<AmlMatchFields['names']>
  facts: Pick<AmlMatchFields, 'dates_of_birth' | 'nationalities' | 'citizenships' | 'genders'>
  /** What the provider's search metadata says of each, consistent with the facts. */
  levels: { name: number; dob: string; country: string; gender: string }
}

/** The name of every match of a report, known before fields are built so associates can point at them. */
export type MatchStub = {
  uuid: string
  type: EntityType
  name: string
  person?: PersonName
  hit?: SubjectHit
}

export const dayRange = (ms: number) => ({
  gte: `${isoDate(ms)}T00:00:00Z`,
  lte: `${isoDate(ms)}T23:59:59Z`,
})

export function stubName(rng: Rng, type: EntityType): Pick<MatchStub, 'name' | 'person'> {
  switch (type) {
    case 'Person': {
      const person = rng.pick(personNames)
      return { name: `${person.first} ${person.last}`, person }
    }
    case 'Organization':
      return { name: rng.pick(COMPANY_NAMES) }
    case 'Vessel':
      return { name: rng.pick(VESSEL_NAMES) }
    case 'Aircraft':
      return { name: rng.pick(AIRCRAFT) }
    case 'CryptoWallet':
      return { name: rng.pick(WALLETS).id }
    case 'Country':
      return { name: rng.pick(countries).name }
  }
}

export function source(rng: Rng, realStyle: boolean): AmlSource {
  const item = rng.pick(SOURCES)
  const base = {
    source_id: item.source_id,
    name: item.name,
    source_url: item.source_url,
    tags: [item.tag],
  }
  if (realStyle) return { ...base, risk_score: rng.pick(['Low', 'Medium', 'High']) }
  return {
    ...base,
    reason: rng.pick(REASONS),
    summary: `Listed on ${item.name} since ${2014 + rng.int(0, 11)}.`,
  }
}

export function media(rng: Rng, name: string) {
  const outlet = rng.pick(OUTLETS)
  const publishedMs = SIM_NOW - rng.int(1, 3000) * DAY
  // The unit is undocumented; feeds disagree, so both occur.
  const published_at = rng.chance(0.5) ? Math.floor(publishedMs / 1000) : publishedMs
  return {
    source_name: outlet.source_name,
    source_url: `${outlet.host}/${isoDate(publishedMs).replaceAll('-', '/')}/${rng.hex(10)}`,
    headline: rng.pick(HEADLINES).replace('%s', name),
    summary: rng.chance(0.7) ? `Reporting on ${name} and related entities.` : '',
    published_at,
    importance_score: rng.float(0, 1),
    sentiment: rng.float(-1, 1),
    tags: ['Media'],
    country_codes: rng.sample(countries, rng.int(0, 3)).map((c) => c.alpha2),
  }
}

function address(rng: Rng, alpha2?: string) {
  const country = countries.find((c) => c.alpha2 === alpha2) ?? rng.pick(countries)
  return {
    country: country.alpha2,
    region: '',
    city: country.city,
    postal_code: String(rng.int(10000, 99999)),
    address: `${rng.int(1, 200)} ${rng.pick(streets)}`,
  }
}

function company(rng: Rng, realStyle: boolean) {
  const start = SIM_NOW - rng.int(400, 6000) * DAY
  return {
    name: rng.pick(COMPANY_NAMES),
    reference: `${rng.pick(['GB', 'CY', 'VG', 'AE'])}${rng.int(100000, 9999999)}`,
    role: rng.pick(['Director', 'Shareholder', 'Beneficial owner', 'Secretary']),
    country: rng.pick(countries).alpha2,
    ownership_value: String(rng.int(1, 500) * 1000),
    currency: rng.pick(['EUR', 'USD', 'GBP']),
    ownership_percentage: String(rng.int(1, 100)),
    start_date: dayRange(start),
    end_date: rng.chance(0.5) ? dayRange(start + rng.int(100, 2000) * DAY) : undefined,
    additional_source: source(rng, realStyle),
  }
}

/**
 * Fields of one match. `full` fills every group (the rich report); otherwise a light selection, so
 * that the 1,000-match report stays a few megabytes.
 */
export function matchFields(
  rng: Rng,
  stub: MatchStub,
  others: readonly MatchStub[],
  full: boolean,
  realStyle: boolean,
): AmlMatchFields {
  const person = stub.person
  const names = stub.hit
    ? stub.hit.names.map((n) => ({ ...n }))
    : person
      ? [
          {
            full_name: stub.name,
            first_name: person.first,
            last_name: person.last,
            middle_name: person.middle ?? '',
            lang: 'en',
          },
          ...person.variants.map((v) => ({ ...v })),
        ]
      : [{ full_name: stub.name }]
  const fields: AmlMatchFields = {
    names,
    sources: Array.from({ length: full ? rng.int(2, 4) : rng.int(1, 2) }, () =>
      source(rng, realStyle),
    ),
    media: Array.from({ length: full ? rng.int(2, 5) : rng.int(0, 1) }, () =>
      media(rng, stub.name),
    ),
  }
  if (stub.hit) Object.assign(fields, structuredClone(stub.hit.facts))
  else if (stub.type === 'Person') {
    const birth = Date.UTC(rng.int(1940, 1995), rng.int(0, 11), rng.int(1, 28))
    fields.dates_of_birth = [dayRange(birth)]
    fields.nationalities = [person?.country ?? 'GB']
    fields.genders = [person?.gender === 'F' ? 'female' : 'male']
  }
  if (!full) return fields
  const home = person?.country
  Object.assign(fields, {
    images: [
      {
        description: `Photo of ${stub.name}`,
        url: `https://images.example.org/aml/${stub.uuid}.jpg`,
      },
    ],
    contact_info: [
      {
        emails: [`office@${rng.hex(6)}.example.com`],
        phones: [`+${rng.int(1, 999)} ${rng.int(1000000, 9999999)}`],
        websites: [`https://${rng.hex(6)}.example.com`],
      },
    ],
    addresses: [address(rng, home), address(rng)],
    registration_ids: registrationIds(rng, stub),
    fatf_records: rng.sample(FATF, rng.int(1, 2)).map((f) => ({ ...f })),
  })
  if (stub.type === 'Person') {
    const deceased = rng.chance(0.15)
    Object.assign(fields, {
      places_of_birth: [address(rng, home)],
      dates_of_death: deceased ? [dayRange(SIM_NOW - rng.int(30, 3000) * DAY)] : [],
      places_of_death: deceased ? [address(rng)] : [],
      citizenships: stub.hit
        ? (stub.hit.facts.citizenships ?? [])
        : [home ?? 'GB', rng.pick(countries).alpha2],
      political_roles: [{ role: rng.pick(ROLES), country: home ?? 'GB' }],
      occupations: [{ occupation: rng.pick(OCCUPATIONS), country: home ?? 'GB' }],
      companies_and_enterprises: [company(rng, realStyle), company(rng, realStyle)],
      associates: associates(rng, stub, others),
    })
  }
  if (stub.type === 'Organization')
    fields.owners_and_beneficiaries = [company(rng, realStyle), company(rng, realStyle)]
  return fields
}

function registrationIds(rng: Rng, stub: MatchStub) {
  const country = rng.pick(countries).alpha2
  const date = isoDate(SIM_NOW - rng.int(100, 8000) * DAY)
  switch (stub.type) {
    case 'Vessel':
      return [
        {
          id: `IMO${rng.int(9000000, 9999999)}`,
          id_type: 'IMO',
          industry: 'Shipping',
          country,
          imo_number: String(rng.int(9000000, 9999999)),
          mmsi_number: String(rng.int(200000000, 799999999)),
          date,
        },
      ]
    case 'CryptoWallet':
      return [
        {
          id: stub.name,
          id_type: 'wallet',
          industry: 'Crypto',
          currency: WALLETS.find((w) => w.id === stub.name)?.currency ?? 'BTC',
          date,
        },
      ]
    case 'Person':
      return [{ id: `${rng.int(100000000, 999999999)}`, id_type: 'passport', country, date }]
    default:
      return [
        {
          id: `${country}${rng.int(1000000, 9999999)}`,
          id_type: 'registration_number',
          industry: rng.pick(['Finance', 'Trade', 'Aviation', 'Mining']),
          country,
          date,
        },
      ]
  }
}

function associates(rng: Rng, stub: MatchStub, others: readonly MatchStub[]) {
  const candidates = others.filter((o) => o.uuid !== stub.uuid)
  return rng.sample(candidates, rng.int(1, 3)).map((other) => ({
    uuid: other.uuid,
    name: other.name,
    start_date: dayRange(SIM_NOW - rng.int(1000, 9000) * DAY),
    end_date: dayRange(SIM_NOW - rng.int(0, 900) * DAY),
    ...rng.pick(RELATIONSHIPS),
  }))
}
