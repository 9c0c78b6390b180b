import { createHash } from 'node:crypto'

import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import type * as CarryModule from '@/lib/review/standing/carry-over'
import { FINGERPRINT_VERSION, judgedChanges, printMatch } from '@/lib/review/standing/fingerprint'
import { stubEnv } from '@/tests/unit/helpers/env'
import { openTestStore } from '@/tests/unit/helpers/test-store'

/*
 * The fingerprint covers what an analyst judges (security round five, #54 items 1–3): every field
 * changed alone reopens, different records never share a print, order and scores never reopen, and
 * a decision printed by an older version re-derives from its raw match or reopens.
 */

type Raw = Record<string, unknown> & { fields: Record<string, unknown> }

/** A match with something in every judged field. */
function full(): Raw {
  return {
    uuid: 'm1',
    type: 'Person',
    tags: ['Media'],
    annotation: 'seen in press',
    importance_score: 0.4,
    updated_at: 1_700_000_000,
    risk_score: 'Medium',
    risk_score_value: 41,
    search_metadata: { name_match_percentage: 81, best_match_name: 'Ivan Petrov' },
    fields: {
      names: [{ full_name: 'Ivan Petrov', first_name: 'Ivan', last_name: 'Petrov', lang: 'en' }],
      dates_of_birth: [{ gte: '1961-03-14', lte: '1961-03-14' }],
      places_of_birth: [{ city: 'Tver', country: 'RU' }],
      dates_of_death: [{ gte: '2020-01-01', lte: '2020-12-31' }],
      places_of_death: [{ city: 'Limassol', country: 'CY' }],
      genders: ['male'],
      citizenships: ['RU'],
      nationalities: ['RU'],
      countries: ['RU', 'CY'],
      addresses: [{ address: 'Tverskaya 1', city: 'Moscow', country: 'RU' }],
      sources: [
        {
          name: 'Press archive',
          source_id: 'press',
          reason: 'Mentioned',
          source_url: 'https://press.test/1',
          tags: ['Media'],
          risk_score: 'Low',
        },
      ],
      political_roles: [{ role: 'Deputy', country: 'RU' }],
      occupations: [{ occupation: 'Trader', country: 'RU' }],
      registration_ids: [{ id: 'INN 7700', id_type: 'INN', country: 'RU' }],
      companies_and_enterprises: [{ name: 'Petrov Trading', role: 'Director', country: 'CY' }],
      owners_and_beneficiaries: [{ name: 'Petrov Holdings', role: 'Owner', country: 'CY' }],
      associates: [{ name: 'Anna Petrova', relationship: 'spouse' }],
      fatf_records: [{ url: 'https://fatf.test/ru', description: 'Grey list', country: 'RU' }],
      media: [{ headline: 'Petrov named in leak', source_url: 'https://news.test/1' }],
    },
  }
}

const base = printMatch(full()).fingerprint

/** One field changed alone, as the hostile upstream of the probe changed them. */
const ONE_FIELD_CHANGES: [string, (raw: Raw) => void][] = [
  ['the entity type', (raw) => (raw.type = 'Organization')],
  ['the tags', (raw) => (raw.tags = ['Sanction', 'PEP'])],
  ['the annotation', (raw) => (raw.annotation = 'OFAC SDN')],
  ['a name', (raw) => (raw.fields.names = [{ full_name: 'Ivan Petrovich' }])],
  ['an alias', (raw) => (raw.fields.names as unknown[]).push({ full_name: 'Vanya' })],
  ['a date of birth', (raw) => (raw.fields.dates_of_birth = [{ gte: '1962-01-01' }])],
  ['a place of birth', (raw) => (raw.fields.places_of_birth = [{ city: 'Kyiv' }])],
  ['a date of death', (raw) => (raw.fields.dates_of_death = [])],
  ['a place of death', (raw) => (raw.fields.places_of_death = [{ city: 'Nicosia' }])],
  ['the genders', (raw) => (raw.fields.genders = ['female'])],
  ['a citizenship', (raw) => (raw.fields.citizenships = ['CY'])],
  ['a nationality', (raw) => (raw.fields.nationalities = ['UA'])],
  ['the countries', (raw) => (raw.fields.countries = ['RU'])],
  [
    'an address part',
    (raw) => (raw.fields.addresses = [{ address: 'Tverskaya 2', city: 'Moscow', country: 'RU' }]),
  ],
  ['a source’s id', (raw) => ((raw.fields.sources as Raw[])[0]!.source_id = 'ofac-sdn')],
  ['a source’s name', (raw) => ((raw.fields.sources as Raw[])[0]!.name = 'OFAC')],
  ['a source’s reason', (raw) => ((raw.fields.sources as Raw[])[0]!.reason = 'Sanctioned')],
  ['a source’s URL', (raw) => ((raw.fields.sources as Raw[])[0]!.source_url = 'https://ofac.test')],
  ['a source’s list tags', (raw) => ((raw.fields.sources as Raw[])[0]!.tags = ['Sanction'])],
  [
    'a political role',
    (raw) => (raw.fields.political_roles = [{ role: 'Minister', country: 'RU' }]),
  ],
  ['an occupation', (raw) => (raw.fields.occupations = [{ occupation: 'Arms dealer' }])],
  [
    'a registration id',
    (raw) => (raw.fields.registration_ids = [{ id: 'SDN-123', id_type: 'OFAC' }]),
  ],
  ['a company', (raw) => (raw.fields.companies_and_enterprises = [{ name: 'Rosoboron' }])],
  ['an owner', (raw) => (raw.fields.owners_and_beneficiaries = [])],
  [
    'an associate',
    (raw) => (raw.fields.associates = [{ name: 'Anna Petrova', relationship: 'sister' }]),
  ],
  [
    'a FATF record',
    (raw) => (raw.fields.fatf_records = [{ description: 'Black list', country: 'RU' }]),
  ],
  [
    'a media headline',
    (raw) =>
      (raw.fields.media = [{ headline: 'Petrov sanctioned', source_url: 'https://news.test/1' }]),
  ],
  ['a contact detail', (raw) => (raw.fields.contact_info = [{ emails: ['p@petrov.test'] }])],
  ['a field the upstream adds later', (raw) => (raw.fields.vessels = [{ imo: '9000001' }])],
]

describe('the fingerprint (version 2)', () => {
  it('is versioned', () => {
    expect(FINGERPRINT_VERSION).toBe(2)
    expect(base).toMatch(/^v2:sha256:[0-9a-f]{64}$/)
  })

  it.each(ONE_FIELD_CHANGES)('changes with %s alone', (_name, change) => {
    const raw = full()
    change(raw)
    const changed = printMatch(raw)
    expect(changed.fingerprint).not.toBe(base)
    expect(judgedChanges(printMatch(full()).judged, changed.judged).length).toBeGreaterThan(0)
  })

  it('is unchanged by order, scores, importance, search metadata and updated_at', () => {
    const raw = full()
    raw.fields.countries = ['CY', 'RU']
    raw.fields.sources = [{ ...(raw.fields.sources as Raw[])[0]!, risk_score: 'High' }]
    raw.importance_score = 0.99
    raw.risk_score = 'High'
    raw.risk_score_value = 99
    raw.updated_at = 1_800_000_000
    raw.search_metadata = { name_match_percentage: 100 }
    // Members in another order, at every depth.
    const reversed = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reversed)
        : typeof value === 'object' && value !== null
          ? Object.fromEntries(
              Object.entries(value)
                .reverse()
                .map(([key, inner]) => [key, reversed(inner)]),
            )
          : value
    expect(printMatch(raw).fingerprint).toBe(base)
    expect(printMatch(reversed(raw)).fingerprint).toBe(base)
    const names = full()
    ;(names.fields.names as unknown[]).unshift({
      lang: 'en',
      last_name: 'Petrov',
      full_name: 'Ivan Petrov',
      first_name: 'Ivan',
    })
    expect(printMatch(names).fingerprint).toBe(base)
  })

  it('labels every part, so records that joined alike differ', () => {
    const print = (fields: Record<string, unknown>) => printMatch({ uuid: 'm', fields }).fingerprint
    expect(print({ sources: [{ name: 'OFAC; list: SDN' }] })).not.toBe(
      print({ sources: [{ name: 'OFAC', source_id: 'SDN' }] }),
    )
    const moscow = print({ addresses: [{ city: 'Moscow', country: 'RU' }] })
    expect(print({ addresses: [{ address: 'Moscow', region: 'RU' }] })).not.toBe(moscow)
    expect(print({ addresses: [{ address: 'Moscow, RU' }] })).not.toBe(moscow)
    // An item is not its parts spread over two items, nor a member named like a field elsewhere.
    expect(print({ citizenships: ['RU', 'CY'] })).not.toBe(print({ citizenships: ['RU, CY'] }))
    expect(print({ nationalities: ['RU'] })).not.toBe(print({ citizenships: ['RU'] }))
    expect(print(JSON.parse('{"__proto__": {"x": 1}}') as never)).not.toBe(print({}))
  })

  it('says what changed as labelled items, dates of birth and contact details by count only', () => {
    const raw = full()
    raw.type = 'Organization'
    raw.fields.dates_of_birth = []
    raw.fields.contact_info = [{ phones: ['+357 1234'] }]
    expect(judgedChanges(printMatch(full()).judged, printMatch(raw).judged)).toEqual([
      {
        field: 'entity_type',
        added: ['"Organization"'],
        removed: ['"Person"'],
        addedCount: 1,
        removedCount: 1,
      },
      { field: 'dates_of_birth', added: [], removed: [], addedCount: 0, removedCount: 1 },
      { field: 'contact_info', added: [], removed: [], addedCount: 1, removedCount: 0 },
    ])
  })
})

let store: Awaited<ReturnType<typeof openTestStore>>
let carry: typeof CarryModule

const NOW = new Date('2026-11-20T10:00:00Z')
const DAY = 86_400_000

beforeAll(async () => {
  stubEnv({ DS_API_BASE_URL: 'http://127.0.0.1:9', DS_API_KEY: 'k' })
  carry = await import('@/lib/review/standing/carry-over')
  store = await openTestStore()
}, 60_000)

afterAll(async () => {
  await store.close()
  vi.unstubAllEnvs()
})

beforeEach(async () => {
  for (const table of ['match_reopenings', 'decision_revocations', 'match_decisions']) {
    await sql`alter table ${sql.table(table)} disable trigger user`.execute(store.db)
    await sql`delete from ${sql.table(table)}`.execute(store.db)
    await sql`alter table ${sql.table(table)} enable trigger user`.execute(store.db)
  }
})

/** A person's false positive on match `uuid`, printed as given. */
async function decided(
  uuid: string,
  print: { fingerprint: string; judged: unknown; raw: unknown },
) {
  const row = await store.db
    .insertInto('match_decisions')
    .values({
      search_id: 's1',
      match_uuid: uuid,
      applicant_id: 'app-1',
      decision: 'false_positive',
      action: 'set',
      reason: 'Different person: born elsewhere',
      user_label: 'ana@verity.test',
      analyst_id: 'https://idp.test ana',
      at: new Date(NOW.getTime() - 2 * DAY),
      carried_from: null,
      settles: true,
      fingerprint: print.fingerprint,
      judged: JSON.stringify(print.judged),
      raw_match: print.raw === null ? null : JSON.stringify(print.raw),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** What version 1 stored: labelled lines joined, `sha256:<hex>`, and no raw match. */
function versionOne(raw: Raw) {
  const judged = { names: ['Ivan Petrov; first: Ivan; last: Petrov; lang: en'] }
  const fingerprint = `sha256:${createHash('sha256').update(JSON.stringify(judged)).digest('hex')}`
  return { fingerprint, judged, raw: null as unknown, uuid: raw.uuid as string }
}

describe('carry-over across fingerprint versions', () => {
  const screening = (matches: unknown[]) => [{ searchId: 's2', applicantId: 'app-1', matches }]

  it('reopens the match that turned into a sanctioned organisation (finding H)', async () => {
    for (const uuid of ['m1', 'm2', 'm3']) {
      const raw = { ...full(), uuid }
      await decided(uuid, { ...printMatch(raw), raw })
    }
    const turned = {
      ...full(),
      uuid: 'm3',
      type: 'Organization',
      tags: ['Sanction', 'PEP'],
      annotation: 'OFAC SDN',
    }
    turned.fields = {
      ...turned.fields,
      genders: [],
      occupations: [{ occupation: 'Sanctioned entity' }],
      registration_ids: [{ id: 'SDN-1' }],
    }
    const outcome = await carry.carryOverNewScreenings(
      store.db,
      screening([{ ...full(), uuid: 'm1' }, { ...full(), uuid: 'm2' }, turned]),
      NOW,
      365,
    )
    expect(outcome.carried.map((row) => row.matchUuid)).toEqual(['m1', 'm2'])
    expect(outcome.reopened).toBe(1)
    // Not every match carried: the case stays open.
    expect(outcome.settledReports.size).toBe(0)
    const [reopening] = await store.db.selectFrom('match_reopenings').selectAll().execute()
    const fields = (reopening?.changes as { field: string }[]).map((change) => change.field)
    expect(fields).toEqual(
      expect.arrayContaining([
        'entity_type',
        'tags',
        'annotation',
        'genders',
        'occupations',
        'registration_ids',
      ]),
    )
  })

  it('reopens a decision printed by version 1, which kept no raw match, rather than carry it', async () => {
    const raw = full()
    const old = versionOne(raw)
    const id = await decided('m1', old)
    const outcome = await carry.carryOverNewScreenings(store.db, screening([raw]), NOW, 365)
    expect(outcome.carried).toEqual([])
    expect(outcome.reopened).toBe(1)
    const [reopening] = await store.db.selectFrom('match_reopenings').selectAll().execute()
    expect(reopening?.decision_id).toBe(id)
    expect(reopening?.changes).toEqual([])
  })

  it('re-derives an older print from the raw match it kept', async () => {
    const raw = full()
    await decided('m1', { ...versionOne(raw), raw })
    const same = await carry.carryOverNewScreenings(store.db, screening([full()]), NOW, 365)
    expect(same.carried.map((row) => row.matchUuid)).toEqual(['m1'])
    const turned = { ...full(), type: 'Organization' }
    const next = await carry.carryOverNewScreenings(
      store.db,
      [{ searchId: 's3', applicantId: 'app-1', matches: [turned] }],
      NOW,
      365,
    )
    expect(next.carried).toEqual([])
    expect(next.reopened).toBe(1)
  })
})
