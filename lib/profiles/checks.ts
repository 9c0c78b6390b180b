import { asBoolean, asText, humanize } from '@/lib/profiles/values'
import type { ProfileSettings } from '@/lib/upstream/schemas'

export type CheckKey = 'poi' | 'face_comparison' | 'poa'

/** The three checks a profile can require, in the order the applicant meets them. */
export const PROFILE_CHECKS: readonly { key: CheckKey; short: string; name: string }[] = [
  { key: 'poi', short: 'POI', name: 'Proof of identity' },
  { key: 'face_comparison', short: 'Face', name: 'Face comparison' },
  { key: 'poa', short: 'POA', name: 'Proof of address' },
]

type RequiredCheck = (typeof PROFILE_CHECKS)[number] & { required: boolean | null }

export function requiredChecks(settings: ProfileSettings | null | undefined): RequiredCheck[] {
  return PROFILE_CHECKS.map((check) => ({
    ...check,
    required: asBoolean(settings?.[`${check.key}_required`]),
  }))
}

const DOCUMENT_NAMES: Record<string, string> = {
  passport: 'Passport',
  id_card: 'ID card',
  national_id: 'National ID',
  driving_license: 'Driving licence',
  drivers_license: 'Driving licence',
  residence_permit: 'Residence permit',
  visa: 'Visa',
  selfie: 'Selfie',
  video_selfie: 'Video selfie',
}

/** A document type in words; values of another shape are shown as JSON. */
export function documentName(value: unknown): string {
  const text = asText(value)
  if (text === null) return JSON.stringify(value) ?? String(value)
  return DOCUMENT_NAMES[text.toLowerCase()] ?? humanize(text)
}

/** Allowed documents of both checks, each type once, for the list's at-a-glance column. */
export function allowedDocumentNames(settings: ProfileSettings | null | undefined): string[] {
  const all = [
    ...(settings?.poi_allowed_documents ?? []),
    ...(settings?.face_comparison_allowed_documents ?? []),
  ]
  return [...new Set(all.map(documentName))]
}
