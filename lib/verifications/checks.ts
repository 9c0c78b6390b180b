import type { Check, CheckError, ProfileSettings, Verification } from '@/lib/upstream/schemas'

/** The four checks of the reference, in its order, with the settings flag that requires each. */
const KNOWN_CHECKS = [
  { name: 'document_mrz', label: 'Document (MRZ)', flag: 'poi_required' },
  { name: 'face_comparison', label: 'Face comparison', flag: 'face_comparison_required' },
  { name: 'poa', label: 'Proof of address', flag: 'poa_required' },
  // The reference has no settings flag for liveness.
  { name: 'liveness', label: 'Liveness', flag: null },
] as const

/** required/optional from the settings; unknown when the settings do not say. */
type Requirement = 'required' | 'optional' | 'unknown'

export type CheckEntry = {
  name: string
  label: string
  check: Check | null
  requirement: Requirement
  /** Present in `checks` (a null member counts as present but empty). */
  reported: boolean
  errors: CheckError[]
}

function requirementOf(
  flag: string | null,
  settings: ProfileSettings | null | undefined,
): Requirement {
  if (!flag || !settings) return 'unknown'
  const value = (settings as Record<string, unknown>)[flag]
  if (value === true) return 'required'
  if (value === false) return 'optional'
  return 'unknown'
}

/** One entry per known check (reported or not), then any extra check the upstream sent. */
export function checkEntries(verification: Verification): CheckEntry[] {
  const checks = verification.checks ?? {}
  const known = KNOWN_CHECKS.map(({ name, label, flag }) => {
    const check = checks[name] ?? null
    return {
      name,
      label,
      check,
      requirement: requirementOf(flag, verification.settings),
      reported: name in checks,
      errors: check?.errors ?? [],
    }
  })
  const knownNames = new Set<string>(KNOWN_CHECKS.map((entry) => entry.name))
  const extra = Object.entries(checks)
    .filter(([name]) => !knownNames.has(name))
    .map(([name, check]) => ({
      name,
      label: name,
      check,
      requirement: 'unknown' as const,
      reported: true,
      errors: check?.errors ?? [],
    }))
  return [...known, ...extra]
}

/** `3 errors in 2 of 4 checks`: the count of reported checks is what the upstream ran. */
export function errorSummary(entries: readonly CheckEntry[]): string {
  const reported = entries.filter((entry) => entry.reported)
  const failing = reported.filter((entry) => entry.errors.length > 0)
  const errors = failing.reduce((sum, entry) => sum + entry.errors.length, 0)
  const checks = `${reported.length} ${reported.length === 1 ? 'check' : 'checks'}`
  if (reported.length === 0) return 'No checks reported'
  if (errors === 0) return `No errors in ${checks}`
  return `${errors} ${errors === 1 ? 'error' : 'errors'} in ${failing.length} of ${checks}`
}
