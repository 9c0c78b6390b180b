import { z } from 'zod'

/*
 * One place for every upstream shape. The reference leaves most fields' optionality open and real
 * payloads drift from it, so objects are loose (unknown members pass through), enums are plain
 * strings (an unknown value still renders), and only the core of each resource (its id, its
 * top-level shape) is required. A broken core fails parsing with the path of the broken member.
 */

const text = z.string().nullish()
const flag = z.boolean().nullish()
const num = z.number().nullish()
/** Arrays the reference leaves untyped: keep whatever the upstream sends. */
const anyList = z.array(z.unknown()).nullish()
const list = <T extends z.ZodType>(item: T) => z.array(item).nullish()
/** A string that the upstream sometimes sends as a number (ids, codes, scores). */
const looseText = z.union([z.string(), z.number()]).nullish()

const dateRangeSchema = z.looseObject({ gte: text, lte: text })

// ---- AML search result (reference 2.1) ----

const fatfRecordSchema = z.looseObject({ url: text, description: text, country: text })

const addressSchema = z.looseObject({
  country: text,
  region: text,
  city: text,
  postal_code: text,
  address: text,
})

const sourceSchema = z.looseObject({
  source_id: text,
  name: text,
  reason: text,
  summary: text,
  source_url: text,
  risk_score: text,
  tags: anyList,
})

const mediaSchema = z.looseObject({
  source_name: text,
  source_url: text,
  headline: text,
  summary: text,
  published_at: num,
  importance_score: num,
  sentiment: num,
  risk_score: text,
  tags: anyList,
  country_codes: list(z.string()),
})

const companySchema = z.looseObject({
  name: text,
  reference: text,
  role: text,
  country: text,
  ownership_value: looseText,
  currency: text,
  ownership_percentage: looseText,
  start_date: dateRangeSchema.nullish(),
  end_date: dateRangeSchema.nullish(),
  additional_source: sourceSchema.nullish(),
})

const associateSchema = z.looseObject({
  uuid: text,
  name: text,
  start_date: dateRangeSchema.nullish(),
  end_date: dateRangeSchema.nullish(),
  relationship: text,
  is_relative: flag,
})

const matchFieldsSchema = z.looseObject({
  names: list(
    z.looseObject({
      full_name: text,
      first_name: text,
      last_name: text,
      middle_name: text,
      lang: text,
    }),
  ),
  sources: list(sourceSchema),
  media: list(mediaSchema),
  images: list(z.looseObject({ description: text, url: text })),
  contact_info: list(
    z.looseObject({
      emails: list(z.string()),
      phones: list(z.string()),
      websites: list(z.string()),
    }),
  ),
  registration_ids: list(
    z.looseObject({
      id: text,
      id_type: text,
      industry: text,
      country: text,
      imo_number: text,
      mmsi_number: text,
      currency: text,
      date: text,
    }),
  ),
  addresses: list(addressSchema),
  genders: anyList,
  dates_of_birth: list(dateRangeSchema),
  places_of_birth: list(addressSchema),
  dates_of_death: list(dateRangeSchema),
  places_of_death: list(addressSchema),
  citizenships: list(z.string()),
  nationalities: list(z.string()),
  political_roles: list(z.looseObject({ role: text, country: text })),
  occupations: list(z.looseObject({ occupation: text, country: text })),
  companies_and_enterprises: list(companySchema),
  owners_and_beneficiaries: list(companySchema),
  associates: list(associateSchema),
  fatf_records: list(fatfRecordSchema),
})

const searchMetadataSchema = z.looseObject({
  best_match_name: text,
  name_match_percentage: num,
  risk_profile_info: z.looseObject({ id: text, name: text, version: num }).nullish(),
  name_match_level: text,
  date_of_birth_matched: text,
  country_matched: text,
  gender_matched: text,
})

const amlMatchSchema = z.looseObject({
  uuid: z.string().min(1),
  type: text,
  annotation: text,
  tags: list(z.string()),
  fields: matchFieldsSchema.nullish(),
  updated_at: num,
  importance_score: num,
  search_metadata: searchMetadataSchema.nullish(),
  risk_score_value: num,
  /** Real payloads carry the Low/Medium/High option here, as a string. */
  risk_score: text,
})

export const amlSearchResultSchema = z.looseObject({
  requested_name: text,
  search_uuid: z.string().min(1),
  max_risk_score: text,
  data: z.array(amlMatchSchema),
  fatf_records: list(fatfRecordSchema),
})

// ---- Verification profile (reference 2.2) ----

const manualFieldSettingSchema = z.looseObject({
  enabled: flag,
  caption: text,
  order: num,
  optional: flag,
})

const customFieldSchema = z.looseObject({
  label: text,
  caption: text,
  order: num,
  options: z.looseObject({ choices: list(z.string()), type: text }).nullish(),
})

const manualFieldSettingsSchema = z.looseObject({
  enabled: flag,
  description: text,
  full_name: manualFieldSettingSchema.nullish(),
  email: manualFieldSettingSchema.nullish(),
  phone: manualFieldSettingSchema.nullish(),
  country: manualFieldSettingSchema.nullish(),
  dob: manualFieldSettingSchema.nullish(),
  gender: manualFieldSettingSchema.nullish(),
  citizenship: manualFieldSettingSchema.nullish(),
  address: manualFieldSettingSchema.nullish(),
  certificate_of_incorporation: manualFieldSettingSchema.nullish(),
  ownership_document: manualFieldSettingSchema.nullish(),
  custom_fields: list(customFieldSchema),
})

const finishScreenTextSchema = z.looseObject({
  title: text,
  main_text: text,
  redirect_warning: text,
  cta: text,
  redirect_link: text,
})

/** The SDK example sends the texts flat; the reference nests them in `settings`. Accept both. */
const finishScreenSettingsSchema = z.preprocess(
  (value) => {
    if (!isRecord(value) || 'settings' in value) return value
    const { enabled, ...rest } = value
    return Object.keys(rest).length > 0 ? { enabled, settings: rest } : value
  },
  z.looseObject({ enabled: flag, settings: finishScreenTextSchema.nullish() }),
)

/** The SDK example spells some members differently; normalise them so the UI reads one name. */
const withAliases = (aliases: Record<string, string>) => (value: unknown) => {
  if (!isRecord(value)) return value
  const out: Record<string, unknown> = { ...value }
  for (const [from, to] of Object.entries(aliases)) {
    if (from in out && !(to in out)) {
      out[to] = out[from]
      delete out[from]
    }
  }
  return out
}

export const profileLinkSchema = z.preprocess(
  withAliases({ manual_fields_settings: 'manual_field_settings', telegram_link: 'chat_link' }),
  z.looseObject({
    link_id: looseText,
    expiration_minutes: num,
    created_at: text,
    chat_link: text,
    web_link: text,
    archived_at: text,
    manual_field_settings: manualFieldSettingsSchema.nullish(),
    finish_screen_settings: finishScreenSettingsSchema.nullish(),
  }),
)

export const profileSettingsSchema = z.preprocess(
  withAliases({ manual_fields_settings: 'manual_field_settings' }),
  z.looseObject({
    poi_required: flag,
    poi_allowed_documents: anyList,
    face_comparison_required: flag,
    face_comparison_allowed_documents: anyList,
    poa_required: flag,
    allow_poi_manual_uploads: flag,
    allow_desktop: flag,
    disable_cross_check_by_bio: flag,
    disable_cross_check_by_photo: flag,
    disable_verify_poa_country_match_with_poi: flag,
    countries: list(z.string()),
    /** An object in the reference, a JSON-encoded string in the Android SDK. */
    ui_settings: z.union([z.record(z.string(), z.unknown()), z.string()]).nullish(),
    manual_field_settings: manualFieldSettingsSchema.nullish(),
    finish_screen_settings: finishScreenSettingsSchema.nullish(),
    /** The SDK example nests the profile's link here instead of at the top level. */
    link: profileLinkSchema.nullish(),
  }),
)

export const profileSchema = z.looseObject({
  profile_id: z.string().min(1),
  name: text,
  settings: profileSettingsSchema.nullish(),
  organization_id: text,
  is_default: flag,
  created_at: text,
  description: text,
  updated_at: text,
  created_by: text,
  is_archived: flag,
  link: profileLinkSchema.nullish(),
})

export const profilePageSchema = z.looseObject({
  data: z.array(profileSchema),
  has_next: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
})

// ---- Verification (reference 2.3) ----

const checkErrorSchema = z.looseObject({ code: looseText, message: text })

export const mrzDataSchema = z.looseObject({
  document_type: text,
  country: text,
  name: text,
  surname: text,
  doc_number: text,
  nationality: text,
  birth_date: text,
  sex: text,
  expiry_date: text,
})

const checkSchema = z.looseObject({
  status: text,
  pending_documents: anyList,
  errors: list(checkErrorSchema),
  warnings: anyList,
  /** MRZ data for document_mrz, `null` elsewhere, `[]` in 2022 payloads, anything for new checks. */
  data: z.unknown().optional(),
})

const poiDataSchema = z.looseObject({
  has_mrz: z.union([z.boolean(), z.string()]).nullish(),
  raw_mrz_type: text,
  country: text,
  full_name: text,
  name: text,
  surname: text,
  document_number: text,
  nationality: text,
  birth_date: text,
  sex: text,
  expiry_date: text,
  issue_date: text,
  pin: text,
  card_number: text,
  license_number: text,
  license_type: text,
  license_class: text,
  cpf_number: text,
  vin: text,
  nin: text,
  occupation: text,
  polling_unit: text,
  region: text,
  restrictions: text,
  height: text,
  registration_date: text,
  parents_names: text,
  endorsements: text,
})

const manualFieldsSchema = z.looseObject({
  full_name: text,
  email: text,
  phone: text,
  country: text,
  dob: text,
  citizenship: text,
  address: text,
  custom_fields: z.record(z.string(), z.unknown()).nullish(),
})

export const verificationSchema = z.looseObject({
  id: z.string().min(1),
  applicant_id: text,
  status: text,
  checks: z.record(z.string(), checkSchema.nullable()).nullish(),
  created_at: text,
  verification_url: text,
  verification_url_id: text,
  expires_at: text,
  is_sandbox: flag,
  profile_id: text,
  settings: profileSettingsSchema.nullish(),
  documents: list(z.looseObject({ document_id: text, document_type: text, content_type: text })),
  completed_at: text,
  country_code: text,
  poi_data: poiDataSchema.nullish(),
  aml_search_id: text,
  manual_fields: manualFieldsSchema.nullish(),
  custom_files: z.record(z.string(), z.unknown()).nullish(),
})

// ---- Webhook history (reference 2.4 and 6) ----

const searchRequestSchema = z.looseObject({
  full_name: text,
  first_name: text,
  last_name: text,
  countries: list(z.string()),
  cities: anyList,
  postal_codes: anyList,
  date_of_birth: dateRangeSchema.nullish(),
  risk_scores: list(z.string()),
  tags: list(z.string()),
  entity_types: list(z.string()),
  sources: anyList,
  fuzziness: flag,
  fuzziness_level: num,
  phonetics: flag,
  registration_ids: anyList,
  mode: text,
  gender: text,
  search_kyb: flag,
})

/**
 * The AML_SCREENING payload. The Python SDK names the embedded result `search_result`, the
 * reference `search_response`.
 */
const amlScreeningPayloadSchema = z.preprocess(
  withAliases({ search_result: 'search_response' }),
  z.looseObject({
    applicant_id: text,
    screening_id: text,
    search_request: searchRequestSchema.nullish(),
    search_response: amlSearchResultSchema.nullish(),
    completed_at: text,
    risk_score: z.unknown().optional(),
    external_id: text,
  }),
)

/**
 * Payloads stay `unknown` so that unknown event types lose nothing. A well-formed AML_SCREENING
 * payload is normalised (see above); a malformed one is kept as sent rather than failing the whole
 * page of history, and the UI shows it as raw JSON.
 */
export const webhookRecordSchema = z
  .looseObject({
    id: z.string().min(1),
    webhook_id: text,
    event_type: text,
    timestamp: text,
    payload: z.unknown().optional(),
    is_sandbox: flag,
    attempts: num,
    response_code: looseText,
    last_attempt_at: text,
  })
  .transform((record) => {
    if (record.event_type !== 'AML_SCREENING') return record
    const parsed = amlScreeningPayloadSchema.safeParse(record.payload)
    return parsed.success ? { ...record, payload: parsed.data } : record
  })

export const webhookHistoryPageSchema = z.looseObject({
  data: z.array(webhookRecordSchema),
  has_next: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
})

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export type DateRange = z.output<typeof dateRangeSchema>
export type FatfRecord = z.output<typeof fatfRecordSchema>
export type AmlSource = z.output<typeof sourceSchema>
export type AmlMedia = z.output<typeof mediaSchema>
export type AmlCompany = z.output<typeof companySchema>
export type AmlAssociate = z.output<typeof associateSchema>
export type AmlMatchFields = z.output<typeof matchFieldsSchema>
export type AmlMatch = z.output<typeof amlMatchSchema>
export type AmlSearchResult = z.output<typeof amlSearchResultSchema>
export type CustomField = z.output<typeof customFieldSchema>
export type ManualFieldSettings = z.output<typeof manualFieldSettingsSchema>
export type FinishScreenSettings = z.output<typeof finishScreenSettingsSchema>
export type ProfileLink = z.output<typeof profileLinkSchema>
export type ProfileSettings = z.output<typeof profileSettingsSchema>
export type Profile = z.output<typeof profileSchema>
export type ProfilePage = z.output<typeof profilePageSchema>
export type CheckError = z.output<typeof checkErrorSchema>
export type MrzData = z.output<typeof mrzDataSchema>
export type Check = z.output<typeof checkSchema>
export type PoiData = z.output<typeof poiDataSchema>
export type ManualFields = z.output<typeof manualFieldsSchema>
export type Verification = z.output<typeof verificationSchema>
export type WebhookRecord = z.output<typeof webhookRecordSchema>
export type WebhookHistoryPage = z.output<typeof webhookHistoryPageSchema>
