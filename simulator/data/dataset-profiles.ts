import type { ManualFieldSettings, Profile, ProfileSettings } from '@/lib/upstream/schemas'
import { DAY, HOUR, MINUTE, SIM_NOW, iso } from './clock'
import { exampleIds } from '@/lib/demo/example-ids'
import { rngFor, type Rng } from './random'
import { countries } from './vocab-people'

const POI_DOCUMENTS = ['passport', 'id_card', 'driving_license', 'residence_permit'] as const
/** `video_selfie` also makes liveness a required check (see dataset-checks). */
const FACE_DOCUMENTS = ['selfie', 'video_selfie'] as const
const ORGANIZATION_ID = 'org_2f9c1e7a4b'

const MANUAL_FIELDS = [
  'full_name',
  'email',
  'phone',
  'country',
  'dob',
  'gender',
  'citizenship',
  'address',
  'certificate_of_incorporation',
  'ownership_document',
] as const
const CAPTIONS: Record<(typeof MANUAL_FIELDS)[number], string> = {
  full_name: 'Full name as in your passport',
  email: 'Email for updates',
  phone: 'Mobile phone',
  country: 'Country of residence',
  dob: 'Date of birth',
  gender: 'Gender',
  citizenship: 'Citizenship',
  address: 'Residential address',
  certificate_of_incorporation: 'Certificate of incorporation',
  ownership_document: 'Shareholder register',
}
const CUSTOM_FIELDS = [
  {
    label: 'source_of_funds',
    caption: 'Source of funds',
    options: {
      choices: ['Salary', 'Savings', 'Investments', 'Inheritance', 'Crypto trading'],
      type: 'select',
    },
  },
  { label: 'occupation', caption: 'Occupation', options: { choices: [], type: 'text' } },
  {
    label: 'expected_volume',
    caption: 'Expected monthly volume (EUR)',
    options: { choices: ['< 1,000', '1,000 – 10,000', '> 10,000'], type: 'radio' },
  },
  { label: 'tax_id', caption: 'Tax identification number', options: { choices: [], type: 'text' } },
  {
    label: 'pep_declaration',
    caption: 'I am not a politically exposed person',
    options: { choices: ['yes'], type: 'checkbox' },
  },
  {
    label: 'proof_of_income',
    caption: 'Proof of income (PDF)',
    options: { choices: [], type: 'file' },
  },
] as const

const PURPOSES = [
  'Retail onboarding',
  'Crypto exchange KYC',
  'Merchant KYB',
  'High-value clients',
  'Age check',
  'Marketplace sellers',
  'Payroll cards',
  'Lending',
  'Travel rental',
  'Gaming',
]
const LONG_DESCRIPTION =
  'Enhanced due diligence flow for high-net-worth clients onboarded through partner banks. Requires a passport or a national id card, a selfie with liveness, a recent utility bill or bank statement, and a declaration of the source of funds. Reviewed manually by the compliance team within two business days of submission.'

function manualFieldSettings(rng: Rng, full: boolean): ManualFieldSettings {
  const settings: ManualFieldSettings = {
    enabled: full || rng.chance(0.7),
    description: rng.pick([
      'Tell us a bit about yourself',
      'Please fill in the fields below',
      'Additional information',
    ]),
    custom_fields: rng
      .sample(CUSTOM_FIELDS, full ? CUSTOM_FIELDS.length : rng.int(0, 3))
      .map((field, order) => ({
        ...field,
        options: { ...field.options, choices: [...field.options.choices] },
        order: order + 1,
      })),
  }
  const fields = full ? MANUAL_FIELDS : rng.sample(MANUAL_FIELDS, rng.int(0, 6))
  fields.forEach((name, order) => {
    settings[name] = {
      enabled: full || rng.chance(0.85),
      caption: CAPTIONS[name],
      order: order + 1,
      optional: rng.chance(0.3),
    }
  })
  return settings
}

function finishScreenSettings(rng: Rng) {
  return {
    enabled: rng.chance(0.6),
    settings: {
      title: rng.pick(['Thank you!', 'All done', 'Documents received']),
      main_text: 'We are checking your documents. This usually takes a few minutes.',
      redirect_warning: 'You will be redirected back to the merchant in 5 seconds.',
      cta: rng.pick(['Back to the shop', 'Continue', 'Open the app']),
      redirect_link: rng.pick([
        'https://shop.example.com/kyc/done',
        'https://app.example.org/welcome',
        '',
      ]),
    },
  }
}

function uiSettings(rng: Rng): Record<string, unknown> {
  if (rng.chance(0.4)) return {}
  return {
    themes: {
      light: {
        palette: {
          background_color: '#FFFFFF',
          main_color: rng.pick(['#FF5387', '#2F6FEB', '#0A8754']),
        },
      },
    },
    options: {
      show_timer: rng.chance(0.5),
      show_steps: rng.chance(0.5),
      disable_dark_mode: rng.chance(0.2),
    },
  }
}

function linkId(rng: Rng): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  let id = 'L'
  for (let i = 0; i < 16; i++) id += alphabet[rng.int(0, alphabet.length - 1)]
  return id
}

function settingsFor(rng: Rng, kind: 'default' | 'rich' | 'plain'): ProfileSettings {
  const rich = kind === 'rich'
  const poi = rich || kind === 'default' || rng.chance(0.85)
  // A profile checks at least something: without POI it compares faces.
  const face = rich || kind === 'default' || !poi || rng.chance(0.7)
  return {
    poi_required: poi,
    poi_allowed_documents: poi
      ? rich
        ? [...POI_DOCUMENTS]
        : rng.sample(POI_DOCUMENTS, rng.int(1, 4))
      : [],
    face_comparison_required: face,
    face_comparison_allowed_documents: face
      ? rich
        ? ['selfie', 'video_selfie']
        : [rng.pick(FACE_DOCUMENTS)]
      : [],
    poa_required: rich || (kind === 'plain' && rng.chance(0.35)),
    allow_poi_manual_uploads: rng.chance(0.5),
    allow_desktop: rich || rng.chance(0.6),
    disable_cross_check_by_bio: rng.chance(0.2),
    disable_cross_check_by_photo: rng.chance(0.2),
    disable_verify_poa_country_match_with_poi: rng.chance(0.3),
    countries: rich
      ? countries.slice(0, 40).map((c) => c.alpha2)
      : rng.sample(countries, rng.pick([0, 0, 1, 2, 5, 12, 25])).map((c) => c.alpha2),
    ui_settings: uiSettings(rng),
    manual_field_settings: manualFieldSettings(rng, rich),
    finish_screen_settings: finishScreenSettings(rng),
  }
}

function buildProfile(seed: number, index: number): Profile {
  const rng = rngFor(seed, 'profile', index)
  const special = [
    exampleIds.defaultProfileId,
    exampleIds.archivedProfileId,
    exampleIds.richProfileId,
    exampleIds.htmlProfileId,
  ][index]
  const kind = index === 0 ? 'default' : index === 2 ? 'rich' : 'plain'
  const createdAt = SIM_NOW - rng.int(30, 900) * DAY - rng.int(0, 86_399) * 1000
  const updatedAt = Math.min(SIM_NOW - HOUR, createdAt + rng.int(0, 200) * DAY)
  const archived = index === 1 || (index > 3 && index % 8 === 5)
  const settings = settingsFor(rng, kind)
  const id = linkId(rng)
  const host = rng.chance(0.8) ? 'https://am.dataspike.io' : 'https://am.dataspike.dev'
  // The link keeps its own copy of the screens; on some profiles it was edited separately.
  const linkDiffers = kind === 'rich' || rng.chance(0.3)
  const name =
    index === 0
      ? 'default'
      : index === 3
        ? '<script>alert("x")</script> onboarding'
        : `${rng.pick(PURPOSES)} ${countries[index % countries.length]?.name ?? ''} #${index}`
  return {
    profile_id: special ?? rng.uuid(),
    name,
    settings,
    organization_id: ORGANIZATION_ID,
    is_default: index === 0,
    created_at: iso(createdAt, rng.int(0, 999)),
    description:
      kind === 'rich'
        ? LONG_DESCRIPTION
        : rng.chance(0.2)
          ? ''
          : `Verification flow for ${name.toLowerCase()}.`,
    updated_at: iso(updatedAt, rng.int(0, 999)),
    created_by: rng.pick([
      'anna.schmidt@example.com',
      'ops@example.com',
      'api-key:prod-backend',
      'li.wei@example.com',
    ]),
    is_archived: archived,
    link: {
      link_id: id,
      expiration_minutes: rng.pick([30, 60, 240, 1440, 10080]),
      created_at: iso(createdAt + rng.int(1, 120) * MINUTE),
      chat_link: `${host}/vp/${id}?target=tg`,
      web_link: `${host}/vp/${id}?target=web`,
      ...(archived || rng.chance(0.15) ? { archived_at: iso(updatedAt) } : {}),
      manual_field_settings: linkDiffers
        ? manualFieldSettings(rng, false)
        : settings.manual_field_settings,
      finish_screen_settings: linkDiffers
        ? finishScreenSettings(rng)
        : settings.finish_screen_settings,
    },
  }
}

/** Profiles 0-3 are the well-known ones of `exampleIds`; the rest vary. */
export function buildProfiles(seed: number, count: number): Profile[] {
  return Array.from({ length: Math.max(count, 4) }, (_, index) => buildProfile(seed, index))
}
