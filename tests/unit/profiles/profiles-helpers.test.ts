import { describe, expect, it } from 'vitest'

import { allowedDocumentNames, documentName, requiredChecks } from '@/lib/profiles/checks'
import { finishScreenOverride, manualFieldsOverride } from '@/lib/profiles/link-overrides'
import { customFieldRows, manualFieldRows } from '@/lib/profiles/manual-fields'
import { otherProfileFields, profileLink } from '@/lib/profiles/other-fields'
import { profileSwitches } from '@/lib/profiles/switches'
import { isEmptyUiSettings, parseUiSettings } from '@/lib/profiles/ui-settings'
import { safeHttpUrl } from '@/lib/util/urls'
import { sameJson } from '@/lib/profiles/values'
import { profileSchema } from '@/lib/upstream/schemas'

describe('manual field rows', () => {
  it('orders fields by `order`, names them, and keeps unknown fields', () => {
    const rows = manualFieldRows({
      enabled: true,
      description: 'x',
      email: { enabled: true, caption: 'Email', order: 2 },
      dob: { enabled: false, caption: 'Born', order: 1, optional: true },
      tax_residence: { enabled: true, caption: 'Tax', order: 3 },
      phone: { enabled: true, caption: 'Phone' },
      custom_fields: [],
    })
    expect(rows.map((row) => row.name)).toEqual([
      'Date of birth',
      'Email',
      'Tax residence',
      'Phone',
    ])
    expect(rows[0]).toMatchObject({ enabled: false, optional: true, caption: 'Born', order: 1 })
  })

  it('orders custom fields, those without an order last', () => {
    const fields = customFieldRows({
      custom_fields: [{ label: 'c' }, { label: 'b', order: 2 }, { label: 'a', order: 1 }],
    })
    expect(fields.map((field) => field.label)).toEqual(['a', 'b', 'c'])
  })
})

describe('link overrides', () => {
  const profileFields = {
    enabled: true,
    email: { enabled: true, caption: 'Email', order: 1 },
    phone: { enabled: true, caption: 'Phone', order: 2 },
  }

  it('does not flag a link that repeats the profile settings in another member order', () => {
    const link = {
      phone: { order: 2, caption: 'Phone', enabled: true },
      email: profileFields.email,
      enabled: true,
    }
    expect(manualFieldsOverride(profileFields, link).differs).toBe(false)
  })

  it('does not flag a link without its own settings', () => {
    expect(manualFieldsOverride(profileFields, null).differs).toBe(false)
  })

  it('names the changed and the missing fields', () => {
    const override = manualFieldsOverride(profileFields, {
      enabled: false,
      email: { enabled: true, caption: 'Work email', order: 1 },
    })
    expect(override).toEqual({
      differs: true,
      changed: new Set(['email', 'enabled']),
      removed: ['Phone'],
    })
  })

  it('names the changed finish screen texts', () => {
    const override = finishScreenOverride(
      { enabled: true, settings: { title: 'Done', cta: 'Back' } },
      { enabled: true, settings: { title: 'Thanks', cta: 'Back' } },
    )
    expect(override).toEqual({ differs: true, changed: new Set(['title']), removed: [] })
  })
})

describe('other fields', () => {
  it('collects members the reference does not name, by where they were found', () => {
    const profile = profileSchema.parse({
      profile_id: 'p',
      tier: 'gold',
      settings: { poi_required: true, regions: ['RU'] },
      link: { web_link: 'https://x', qr_code: 'abc' },
    })
    expect(otherProfileFields(profile)).toEqual({
      tier: 'gold',
      settings: { regions: ['RU'] },
      link: { qr_code: 'abc' },
    })
  })

  it('is null for a profile with only known members', () => {
    expect(otherProfileFields(profileSchema.parse({ profile_id: 'p', name: 'n' }))).toBeNull()
  })

  it('finds the link nested in settings, normalised by the schema', () => {
    const profile = profileSchema.parse({
      profile_id: 'p',
      settings: {
        link: { telegram_link: 'https://t', manual_fields_settings: { enabled: false } },
      },
    })
    expect(profileLink(profile)).toMatchObject({
      chat_link: 'https://t',
      manual_field_settings: { enabled: false },
    })
    expect(otherProfileFields(profile)).toBeNull()
  })
})

describe('checks and switches', () => {
  it('reports each required check, and unknown when the member is absent', () => {
    expect(
      requiredChecks({ poi_required: true, poa_required: false }).map((check) => check.required),
    ).toEqual([true, null, false])
  })

  it('names document types and lists each once', () => {
    expect(documentName('id_card')).toBe('ID card')
    expect(documentName('health_card')).toBe('Health card')
    expect(documentName({ type: 'x' })).toBe('{"type":"x"}')
    expect(
      allowedDocumentNames({
        poi_allowed_documents: ['passport'],
        face_comparison_allowed_documents: ['selfie', 'passport'],
      }),
    ).toEqual(['Passport', 'Selfie'])
  })

  it('turns the negative cross-check flags into on/off', () => {
    const switches = profileSwitches({
      disable_cross_check_by_bio: true,
      disable_cross_check_by_photo: false,
      allow_desktop: true,
    })
    expect(switches.map((rule) => rule.on)).toEqual([false, true, null, null, true])
  })
})

describe('values', () => {
  it('decodes ui_settings sent as a JSON string', () => {
    expect(parseUiSettings('{"options":{"show_timer":false}}')).toEqual({
      value: { options: { show_timer: false } },
      encoded: true,
    })
    expect(parseUiSettings('dark')).toEqual({ value: 'dark', encoded: false })
    expect(isEmptyUiSettings('{}')).toBe(true)
    expect(isEmptyUiSettings({ a: 1 })).toBe(false)
  })

  it('accepts only http(s) URLs as links', () => {
    expect(safeHttpUrl('https://am.dataspike.io/vp/L1?target=web')).toBe(
      'https://am.dataspike.io/vp/L1?target=web',
    )
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull()
    expect(safeHttpUrl('not a url')).toBeNull()
  })

  it('compares JSON structurally, treating absent and null alike', () => {
    expect(sameJson({ a: [1, { b: null }] }, { a: [1, {}] })).toBe(true)
    expect(sameJson({ a: [1, 2] }, { a: [2, 1] })).toBe(false)
  })
})
