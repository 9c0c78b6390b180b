import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'
import { z } from 'zod'

import {
  amlSearchResultSchema,
  profileLinkSchema,
  profilePageSchema,
  profileSchema,
  profileSettingsSchema,
  verificationSchema,
  webhookHistoryPageSchema,
  webhookRecordSchema,
} from '@/lib/upstream/schemas'
import { REAL_PAYLOADS_DIR } from '@/tests/unit/helpers/real-payloads'

const PAYLOADS = REAL_PAYLOADS_DIR
/** A different model (the deprecated v2 search) and an error body: no resource schema fits them. */
const NOT_RESOURCES = [
  'aml-v2-deprecated-search-docs-public-2022.json',
  'error-docs-update-profile-bad-request.json',
]

function load(file: string): unknown {
  return JSON.parse(readFileSync(path.join(PAYLOADS, file), 'utf8'))
}

function record(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('not an object')
  return value as Record<string, unknown>
}

/** The schema each real payload must parse with, by its file name. */
function schemaFor(file: string): z.ZodType | null {
  if (file.startsWith('aml-search-result-')) return amlSearchResultSchema
  if (file.startsWith('profile-list-')) return profilePageSchema
  if (file === 'profile-ui-settings-android-readme.json') return profileSettingsSchema
  if (file === 'profile-create-request-sdk-js-example.json') return null // a request body, below
  if (file.startsWith('profile-')) return profileSchema
  if (file.startsWith('verification-list-')) return verificationListSchema
  if (file.startsWith('verification-')) return verificationSchema
  if (file.startsWith('webhook-history-')) return webhookHistoryPageSchema
  if (file.startsWith('webhook-')) return webhookRecordSchema
  throw new Error(`no schema chosen for ${file}`)
}

/** The 2022 docs list verifications in a `{data, has_next}` page; Verity reads them one by one. */
const verificationListSchema = z.looseObject({ data: z.array(verificationSchema) })

const files = readdirSync(PAYLOADS).filter((file) => file.endsWith('.json'))

/** The first issue's path, as the client reports it. */
function failurePath(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value)
  if (result.success) throw new Error('expected a failure')
  return (result.error.issues[0]?.path ?? [])
    .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
    .join('')
    .replace(/^\./, '')
}

describe('real payloads', () => {
  it('are all here and each has a schema', () => {
    expect(files.length).toBeGreaterThanOrEqual(22)
    for (const file of files.filter((f) => !NOT_RESOURCES.includes(f)))
      expect(() => schemaFor(file)).not.toThrow()
  })

  it.each(files.filter((file) => !NOT_RESOURCES.includes(file) && schemaFor(file) !== null))(
    '%s parses',
    (file) => {
      const result = schemaFor(file)?.safeParse(load(file))
      expect(result?.success, JSON.stringify(result?.error)).toBe(true)
    },
  )

  it.each(['webhook-docver-failed.json', 'webhook-docver-verified.json'])(
    'the payload of %s is a verification',
    (file) => {
      const verification = verificationSchema.parse(record(load(file)).payload)
      expect(verification.status).toMatch(/^(failed|verified)$/)
      expect(Object.keys(verification.checks ?? {})).toEqual(
        expect.arrayContaining(['document_mrz', 'face_comparison']),
      )
    },
  )

  it('keeps the check errors of a failed verification', () => {
    const verification = verificationSchema.parse(load('verification-docver-webhook-failed.json'))
    const codes = Object.values(verification.checks ?? {}).flatMap(
      (check) => check?.errors?.map((e) => e.code) ?? [],
    )
    expect(codes).toEqual(expect.arrayContaining([7000, 7002]))
    expect(verification).toHaveProperty('duplicated_applicant_ids')
  })

  it.each(['webhook-aml-screening-low-risk.json', 'webhook-aml-screening-medium-risk.json'])(
    '%s exposes its AML result as search_response',
    (file) => {
      const parsed = webhookRecordSchema.parse(load(file))
      const payload = record(parsed.payload)
      const embedded = record(record(load(file)).payload).search_result
      expect(payload.search_response).toEqual(amlSearchResultSchema.parse(embedded))
      expect(payload).not.toHaveProperty('search_result')
    },
  )

  it('keeps a match risk score given as a string and the result max_risk_score', () => {
    const result = amlSearchResultSchema.parse(load('aml-search-result-abc-medium-risk.json'))
    expect(result.max_risk_score).toBe('Medium')
    expect(result.data).toHaveLength(5)
    expect(result.data.every((match) => typeof match.risk_score === 'string')).toBe(true)
  })

  it('reads the Android ui_settings, a JSON string, as it is', () => {
    const settings = profileSettingsSchema.parse(load('profile-ui-settings-android-readme.json'))
    expect(typeof settings.ui_settings).toBe('string')
  })
})

describe('the SDK profile-create example (a request body)', () => {
  const example = record(load('profile-create-request-sdk-js-example.json'))
  const settings = profileSettingsSchema.parse(example.settings)

  it('has settings that parse', () => {
    expect(settings.poi_required).toBe(true)
    expect(settings.countries).toEqual(['RU'])
    expect(settings).toMatchObject({ regions: ['RU'], area_filter_type: 'include' })
  })

  it('normalises manual_fields_settings to manual_field_settings', () => {
    expect(settings).not.toHaveProperty('manual_fields_settings')
    expect(settings.manual_field_settings?.full_name).toMatchObject({
      enabled: true,
      caption: 'Oleg',
      order: 1,
    })
    expect(settings.manual_field_settings?.custom_fields).toEqual([
      { label: 'label', caption: 'caption' },
    ])
  })

  it('nests a flat finish screen under settings', () => {
    expect(settings.finish_screen_settings).toEqual({
      enabled: true,
      settings: {
        title: 'asdadas',
        main_text: 'main_text',
        redirect_warning: 'https://www.google.com/',
        cta: '1111',
        redirect_link: 'https://www.google.com/',
      },
    })
  })

  it('reads its link with telegram_link as chat_link', () => {
    const link = profileLinkSchema.parse(record(example.settings).link)
    expect(link.chat_link).toBe('https://am.dataspike.dev/vp/LBY6WV5YRLEFUH5DR?target=tg')
    expect(link).not.toHaveProperty('telegram_link')
    expect(link.link_id).toBe('LBY6WV5YRLEFUH5DR')
    expect(link.manual_field_settings).toEqual({ enabled: false, custom_fields: [] })
    expect(link.finish_screen_settings).toEqual({ enabled: false })
  })

  it('is not a profile: it has no profile_id', () => {
    expect(failurePath(profileSchema, example)).toBe('profile_id')
  })

  it('does not replace a member that is already spelled the reference way', () => {
    const both = profileSettingsSchema.parse({
      manual_field_settings: { enabled: true },
      manual_fields_settings: { enabled: false },
    })
    expect(both.manual_field_settings).toEqual({ enabled: true })
  })
})

describe('hand-made edge cases', () => {
  const profile = { profile_id: '01827ed4-c928-7a3c-9a30-7ab7cc169d11' }
  const match = { uuid: '21467660-1f40-4296-89f0-7c39e7db566b' }
  const aml = { search_uuid: 'a4dac0fc-495b-4a1b-8712-4f1a0231260e', data: [match] }
  const verification = { id: '46f67eb6-1486-49f5-95cd-69313e392f35' }

  it('keeps unknown members at every level', () => {
    const parsed = profileSchema.parse({
      ...profile,
      future: 'kept',
      settings: { new_flag: true, manual_field_settings: { passport_scan: { enabled: true } } },
      link: {
        qr_code: 'data:',
        finish_screen_settings: { enabled: true, settings: { subtitle: 'x' } },
      },
    })
    expect(parsed).toMatchObject({
      future: 'kept',
      settings: { new_flag: true, manual_field_settings: { passport_scan: { enabled: true } } },
      link: { qr_code: 'data:', finish_screen_settings: { settings: { subtitle: 'x' } } },
    })
  })

  it('keeps unknown enum values', () => {
    expect(verificationSchema.parse({ ...verification, status: 'passed' }).status).toBe('passed')
    const record = webhookRecordSchema.parse({
      id: 'r1',
      event_type: 'SOMETHING_NEW',
      payload: { a: 1 },
    })
    expect(record).toMatchObject({ event_type: 'SOMETHING_NEW', payload: { a: 1 } })
    const result = amlSearchResultSchema.parse({
      ...aml,
      data: [{ ...match, type: 'Spaceship', risk_score: 'UnknownScore' }],
    })
    expect(result.data[0]).toMatchObject({ type: 'Spaceship', risk_score: 'UnknownScore' })
    const checks = verificationSchema.parse({
      ...verification,
      checks: { voice: { status: 'queued', data: { x: 1 } } },
    }).checks
    expect(checks?.voice).toMatchObject({ status: 'queued', data: { x: 1 } })
  })

  it('accepts the bare minimum of each resource', () => {
    expect(profileSchema.parse(profile)).toEqual(profile)
    expect(verificationSchema.parse(verification)).toEqual(verification)
    expect(amlSearchResultSchema.parse(aml)).toEqual(aml)
    expect(profilePageSchema.parse({ data: [] })).toEqual({ data: [], has_next: false })
    expect(webhookHistoryPageSchema.parse({ data: [{ id: 'r1' }] })).toEqual({
      data: [{ id: 'r1' }],
      has_next: false,
    })
  })

  it('accepts null for optional members', () => {
    expect(() =>
      verificationSchema.parse({
        ...verification,
        settings: null,
        poi_data: null,
        checks: { poa: null },
        completed_at: null,
      }),
    ).not.toThrow()
    expect(() =>
      amlSearchResultSchema.parse({ ...aml, data: [{ ...match, fields: null, tags: null }] }),
    ).not.toThrow()
  })

  it('keeps a malformed AML_SCREENING payload as sent instead of failing the page', () => {
    const payload = { search_response: { data: 'oops' } }
    const page = webhookHistoryPageSchema.parse({
      data: [{ id: 'r1', event_type: 'AML_SCREENING', payload }],
    })
    expect(page.data[0]?.payload).toEqual(payload)
  })

  it.each([
    ['a profile without profile_id', profileSchema, { name: 'x' }, 'profile_id'],
    [
      'a page whose second profile has no id',
      profilePageSchema,
      { data: [profile, { name: 'x' }] },
      'data[1].profile_id',
    ],
    [
      'a match without uuid',
      amlSearchResultSchema,
      { ...aml, data: [match, { type: 'Person' }] },
      'data[1].uuid',
    ],
    [
      'an AML result whose data is not an array',
      amlSearchResultSchema,
      { ...aml, data: { uuid: 'x' } },
      'data',
    ],
    ['a profile page whose data is not an array', profilePageSchema, { data: 'none' }, 'data'],
    [
      'a history record without id',
      webhookHistoryPageSchema,
      { data: [{ event_type: 'DOCVER' }] },
      'data[0].id',
    ],
    ['a verification without id', verificationSchema, { status: 'verified' }, 'id'],
    [
      'a number where text belongs',
      profileSchema,
      { ...profile, settings: { countries: [1] } },
      'settings.countries[0]',
    ],
  ])('fails %s with the path', (_case, schema, value, expected) => {
    expect(failurePath(schema as z.ZodType, value)).toBe(expected)
  })
})
