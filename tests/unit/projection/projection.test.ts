import { beforeAll, describe, expect, it } from 'vitest'

import { parseToken, withMasksShown } from '@/lib/projection/masked-token'
import type * as ProjectModule from '@/lib/projection/project'
import type * as RefModule from '@/lib/projection/record-ref'
import { importProjection, TEST_REF_KEY } from '@/tests/unit/helpers/projection'

let projection: typeof ProjectModule
let refs: typeof RefModule

beforeAll(async () => {
  ;({ projection, refs } = await importProjection())
})

const record = { type: 'verification', id: 'VTEST1234' } as const

/** Every string in a value, at any depth. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(strings)
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings)
  return []
}

describe('project', () => {
  it('masks typed fields, raw JSON by key, array items and unknown members, and names each field', () => {
    const raw = {
      poi_data: { document_number: 'X173836882', birth_date: '1998-10-10', full_name: 'Ana Lima' },
      checks: { document_mrz: { data: { doc_number: 'X173836882', birth_date: '981010' } } },
      manual_fields: { email: 'ana@example.org', phone: '+84 233 747 1159' },
      surprise: { contacts: [{ note: 'call +44 20 7946 0958' }, { mobile: '07946 095 858' }] },
      search_request: { date_of_birth: { gte: '1985-01-01', lte: '1985-12-31' } },
    }
    const out = projection.project(raw, record, TEST_REF_KEY)
    const all = strings(out).join('\n')
    for (const value of [
      'X173836882',
      '1998-10-10',
      '981010',
      'ana@example.org',
      '747 1159',
      '7946 095 858',
      '1985-01-01',
      '1985-12-31',
    ]) {
      expect(all).not.toContain(value)
    }
    // Names are not masked: analysts compare them with AML findings all day.
    expect(out.poi_data.full_name).toBe('Ana Lima')
    const token = parseToken(out.poi_data.document_number)
    expect(token).toMatchObject({ kind: 'document_number', shown: '••••6882' })
    expect(refs.decodeRef(token?.ref ?? '', TEST_REF_KEY)).toEqual({
      status: 'ok',
      record,
      path: ['poi_data', 'document_number'],
    })
    expect(parseToken(out.search_request.date_of_birth.gte)?.kind).toBe('date_of_birth')
    expect(parseToken(out.surprise.contacts[1]?.mobile)?.kind).toBe('phone')
  })

  it('masks an e-mail or phone shape under any key, but not ids, dates or places', () => {
    const out = projection.project(
      {
        anything: 'someone@example.com',
        other: '+1 (555) 010-9999',
        id: '88de0131-13a9-4040-8d7f-add3d2696482',
        created_at: '2026-11-23T10:00:00Z',
        places_of_birth: [{ city: 'Lyon' }],
        count: 1234567,
      },
      record,
      TEST_REF_KEY,
    )
    expect(parseToken(out.anything)?.kind).toBe('email')
    expect(parseToken(out.other)?.kind).toBe('phone')
    expect(out.id).toBe('88de0131-13a9-4040-8d7f-add3d2696482')
    expect(out.created_at).toBe('2026-11-23T10:00:00Z')
    expect(out.places_of_birth).toEqual([{ city: 'Lyon' }])
    expect(out.count).toBe(1234567)
  })

  it('leaves a profile’s settings readable but still masks an e-mail shape in them', () => {
    const profile = projection.projectProfile(
      {
        profile_id: 'p1',
        name: 'Default',
        settings: { email: { caption: 'Email for updates' }, support: 'help@example.com' },
      },
      TEST_REF_KEY,
    )
    const settings = profile.settings as Record<string, unknown>
    expect(settings.email).toEqual({ caption: 'Email for updates' })
    expect(parseToken(settings.support)?.kind).toBe('email')
  })

  it('masks AML registration ids, whose key says only `id`', () => {
    const result = projection.projectAmlSearch(
      {
        search_uuid: 's1',
        data: [
          { uuid: 'm1', fields: { registration_ids: [{ id: 'AB1234567', id_type: 'passport' }] } },
        ],
      },
      's1',
      TEST_REF_KEY,
    )
    const id = result.data[0]?.fields?.registration_ids?.[0] as { id: string; id_type: string }
    expect(parseToken(id.id)?.kind).toBe('document_number')
    expect(id.id_type).toBe('passport')
  })

  it('leaves how a match was screened readable, and still masks a date beneath such a key', () => {
    const result = projection.projectAmlSearch(
      {
        search_uuid: 's1',
        data: [
          {
            uuid: 'm1',
            search_metadata: {
              date_of_birth_matched: 'PARTIAL_MATCH',
              name_match_level: 'EXACT',
              country_matched: 'FILTER_NOT_SET',
            },
            fields: { dates_of_birth: [{ gte: '1961-03-14' }] },
          },
        ],
      },
      's1',
      TEST_REF_KEY,
    )
    const match = result.data[0]!
    expect(match.search_metadata).toEqual({
      date_of_birth_matched: 'PARTIAL_MATCH',
      name_match_level: 'EXACT',
      country_matched: 'FILTER_NOT_SET',
    })
    expect(parseToken(String(match.fields?.dates_of_birth?.[0]?.gte))?.kind).toBe('date_of_birth')
  })

  it('masks a value wherever it recurs in the record, whatever the key there', () => {
    const result = projection.projectAmlSearch(
      {
        search_uuid: 's1',
        data: [
          {
            uuid: 'm1',
            fields: {
              registration_ids: [{ id: 'AB1234567', id_type: 'registration' }],
              companies_and_enterprises: [{ name: 'Acme Ltd', reference: 'AB1234567' }],
            },
          },
          { uuid: 'm2', fields: { companies_and_enterprises: [{ reference: 'ab1234567' }] } },
        ],
      },
      's1',
      TEST_REF_KEY,
    )
    expect(JSON.stringify(result.data[0])).not.toContain('AB1234567')
    const company = result.data[0]?.fields?.companies_and_enterprises?.[0] as Record<string, string>
    expect(parseToken(company.reference)).toMatchObject({
      kind: 'document_number',
      shown: '••••4567',
    })
    expect(company.name).toBe('Acme Ltd')
    // Another match is another entity: its own values are its own.
    const other = result.data[1]?.fields?.companies_and_enterprises?.[0] as Record<string, string>
    expect(other.reference).toBe('ab1234567')

    const verification = projection.project(
      {
        poi_data: { document_number: 'X173836882' },
        checks: { poa: { data: { reference: 'X173836882', country: 'FR' } } },
      },
      record,
      TEST_REF_KEY,
    )
    expect(JSON.stringify(verification)).not.toContain('X173836882')
    expect(verification.checks.poa.data.country).toBe('FR')
  })

  it('masks what has a kind’s shape beneath its key, and leaves settings objects under it alone', () => {
    const out = projection.project(
      {
        search_request: { date_of_birth: { gte: '1985-01-01', lte: '1985-12-31' } },
        form: { email: { caption: 'Work e-mail', order: 1, address: 'ana@example.org' } },
        phone: { caption: 'Mobile', order: 2, number: '+44 20 7946 0958' },
      },
      record,
      TEST_REF_KEY,
    )
    expect(parseToken(out.search_request.date_of_birth.gte)?.kind).toBe('date_of_birth')
    expect(out.form.email.caption).toBe('Work e-mail')
    expect(out.form.email.order).toBe(1)
    expect(parseToken(out.form.email.address)?.kind).toBe('email')
    expect(out.phone).toMatchObject({ caption: 'Mobile', order: 2 })
    expect(parseToken(out.phone.number)?.kind).toBe('phone')
  })

  it('shows a masked date-time as a date', () => {
    const out = projection.project(
      { date_of_birth: { gte: '1985-01-01T00:00:00Z', lte: '1985-12-31T23:59:59.999Z' } },
      { type: 'webhook', id: 'rec1' },
      TEST_REF_KEY,
    )
    expect(parseToken(out.date_of_birth.gte)?.shown).toBe('••••-••-••')
    expect(parseToken(out.date_of_birth.lte)?.shown).toBe('••••-••-••')
  })

  it('shows masks, never refs, in what is copied or exported', () => {
    const out = projection.project({ email: 'ana@example.org' }, record, TEST_REF_KEY)
    expect(withMasksShown(out)).toEqual({ email: 'a•••@example.org' })
  })
})

describe('decodeRef', () => {
  const path = ['poi_data', 'document_number']
  const unsigned = (body: unknown) => Buffer.from(JSON.stringify(body)).toString('base64url')

  it.each([
    '',
    'not base64 json',
    unsigned(['verification', 'VTEST1234', path, null, null]),
    `${unsigned(['verification', '../x', ['a'], null, null])}.AAAA`,
    // A NUL or other control character in the path: refused before anything reads or writes it.
    `${unsigned(['verification', 'VTEST1234', ['poi_data\u0000'], null, null])}.AAAA`,
    `${unsigned(['verification', 'VTEST1234', ['a\u001b[31m'], null, null])}.AAAA`,
  ])('refuses %j as no reference', (ref) => {
    expect(refs.decodeRef(ref, TEST_REF_KEY)).toEqual({ status: 'malformed' })
  })

  it('refuses a control character in a path even under a valid signature', () => {
    const ref = refs.encodeRef(record, ['poi_data\u0000'], TEST_REF_KEY)
    expect(refs.decodeRef(ref, TEST_REF_KEY)).toEqual({ status: 'malformed' })
  })

  it('takes only a reference signed with the same key: one made by hand or for another does not verify', () => {
    const ref = refs.encodeRef(record, path, TEST_REF_KEY)
    expect(refs.decodeRef(ref, TEST_REF_KEY)).toEqual({ status: 'ok', record, path })
    const other = new Uint8Array(32).fill(8)
    expect(refs.decodeRef(ref, other)).toEqual({ status: 'forged', record, path })
    const [payload] = ref.split('.')
    const byHand = `${unsigned(['verification', 'VTEST1234', ['applicant_id'], null, null])}.${ref.split('.')[1]}`
    expect(refs.decodeRef(byHand, TEST_REF_KEY)).toMatchObject({ status: 'forged' })
    expect(refs.decodeRef(`${payload}.`, TEST_REF_KEY)).toEqual({ status: 'malformed' })
  })
})
