import { isRecord } from '@/lib/profiles/values'
import type { Profile } from '@/lib/upstream/schemas'

/* Members named by the reference (section 2.2); anything else is shown as JSON so nothing is lost. */
const PROFILE_KEYS = [
  'profile_id',
  'name',
  'settings',
  'organization_id',
  'is_default',
  'created_at',
  'description',
  'updated_at',
  'created_by',
  'is_archived',
  'link',
]
const SETTINGS_KEYS = [
  'poi_required',
  'poi_allowed_documents',
  'face_comparison_required',
  'face_comparison_allowed_documents',
  'poa_required',
  'allow_poi_manual_uploads',
  'allow_desktop',
  'disable_cross_check_by_bio',
  'disable_cross_check_by_photo',
  'disable_verify_poa_country_match_with_poi',
  'countries',
  'ui_settings',
  'manual_field_settings',
  'finish_screen_settings',
]
const LINK_KEYS = [
  'link_id',
  'expiration_minutes',
  'created_at',
  'chat_link',
  'web_link',
  'archived_at',
  'manual_field_settings',
  'finish_screen_settings',
]

function unknownMembers(value: unknown, known: readonly string[]): Record<string, unknown> {
  if (!isRecord(value)) return {}
  return Object.fromEntries(Object.entries(value).filter(([key]) => !known.includes(key)))
}

/**
 * Members of the profile, its settings and its link that the reference does not name, grouped
 * under where they were found; null when there are none. A link nested in `settings` (as in the
 * SDK example) is shown as the profile's link, so it is not "other".
 */
export function otherProfileFields(profile: Profile): Record<string, unknown> | null {
  const out: Record<string, unknown> = unknownMembers(profile, PROFILE_KEYS)
  const settingsKnown = profile.link ? SETTINGS_KEYS : [...SETTINGS_KEYS, 'link']
  const settings = unknownMembers(profile.settings, settingsKnown)
  if (Object.keys(settings).length > 0) out.settings = settings
  const link = unknownMembers(profileLink(profile), LINK_KEYS)
  if (Object.keys(link).length > 0) out.link = link
  return Object.keys(out).length > 0 ? out : null
}

/** The profile's verification link: at the top level per the reference, in `settings` in the SDK. */
export function profileLink(profile: Profile) {
  return profile.link ?? profile.settings?.link ?? null
}
