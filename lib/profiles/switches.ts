import { asBoolean } from '@/lib/profiles/values'
import type { ProfileSettings } from '@/lib/upstream/schemas'

type ProfileSwitch = {
  key: string
  /** What the switch does, phrased so that "on" reads naturally. */
  label: string
  on: boolean | null
}

/**
 * The settings' on/off switches in plain words. The upstream names the cross-checks in the
 * negative (`disable_…`); they are turned around here so that every line reads "on" or "off".
 */
export function profileSwitches(settings: ProfileSettings | null | undefined): ProfileSwitch[] {
  const invert = (value: unknown) => {
    const flag = asBoolean(value)
    return flag === null ? null : !flag
  }
  return [
    {
      key: 'cross_check_by_bio',
      label: 'Look for other applicants with the same document data',
      on: invert(settings?.disable_cross_check_by_bio),
    },
    {
      key: 'cross_check_by_photo',
      label: 'Look for other applicants with the same face photo',
      on: invert(settings?.disable_cross_check_by_photo),
    },
    {
      key: 'poa_country_match',
      label: 'Proof-of-address country must match the identity document',
      on: invert(settings?.disable_verify_poa_country_match_with_poi),
    },
    {
      key: 'manual_uploads',
      label: 'Applicants may upload identity documents as files',
      on: asBoolean(settings?.allow_poi_manual_uploads),
    },
    {
      key: 'desktop',
      label: 'Applicants may verify on a desktop computer',
      on: asBoolean(settings?.allow_desktop),
    },
  ]
}
