import { allowedDocumentNames, requiredChecks, type CheckKey } from '@/lib/profiles/checks'
import { profileLink } from '@/lib/profiles/other-fields'
import type { Profile, ProfilePage } from '@/lib/upstream/schemas'

/**
 * What one row of the profiles list shows. The list's page and its route handler send these
 * instead of whole profiles: a row reads nine values of a record whose settings run to about
 * 3 kB, and the browser then hydrates and caches only what it shows.
 */
export type ProfileSummary = {
  profile_id: string
  name: string | null
  is_default: boolean
  is_archived: boolean
  required: Record<CheckKey, boolean | null>
  countries: string[] | null
  documents: string[]
  link_expiration_minutes: number | null
  created_at: string | null
  updated_at: string | null
}

export type ProfileSummaryPage = { data: ProfileSummary[]; has_next: boolean }

function summarizeProfile(profile: Profile): ProfileSummary {
  const required: ProfileSummary['required'] = { poi: null, face_comparison: null, poa: null }
  for (const check of requiredChecks(profile.settings)) required[check.key] = check.required
  const expiry = profileLink(profile)?.expiration_minutes
  return {
    profile_id: profile.profile_id,
    name: profile.name ?? null,
    is_default: profile.is_default === true,
    is_archived: profile.is_archived === true,
    required,
    countries: profile.settings?.countries ?? null,
    documents: allowedDocumentNames(profile.settings),
    link_expiration_minutes: typeof expiry === 'number' ? expiry : null,
    created_at: profile.created_at ?? null,
    updated_at: profile.updated_at ?? null,
  }
}

export function summarizeProfilePage(page: ProfilePage): ProfileSummaryPage {
  return { data: page.data.map(summarizeProfile), has_next: page.has_next }
}
