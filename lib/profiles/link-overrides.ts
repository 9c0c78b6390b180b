import { finishScreenRows } from '@/lib/profiles/finish-screen'
import { manualFieldRows } from '@/lib/profiles/manual-fields'
import { sameJson } from '@/lib/profiles/values'
import type { FinishScreenSettings, ManualFieldSettings } from '@/lib/upstream/schemas'

/**
 * The link keeps its own copy of the manual field and finish screen settings. A section "differs"
 * only when the link carries it and it is not equal to the profile's; the sets name what changed.
 */
export type LinkOverride =
  | { differs: false }
  | { differs: true; changed: Set<string>; removed: string[] }

export function manualFieldsOverride(
  profile: ManualFieldSettings | null | undefined,
  link: ManualFieldSettings | null | undefined,
): LinkOverride {
  if (!link || sameJson(profile ?? null, link)) return { differs: false }
  const before = new Map(manualFieldRows(profile).map((row) => [row.key, row]))
  const changed = new Set<string>()
  for (const row of manualFieldRows(link)) {
    if (!sameJson(before.get(row.key) ?? null, row)) changed.add(row.key)
  }
  for (const key of ['enabled', 'description', 'custom_fields'] as const) {
    if (!sameJson(profile?.[key] ?? null, link[key] ?? null)) changed.add(key)
  }
  const kept = new Set(manualFieldRows(link).map((row) => row.key))
  const removed = [...before.values()].filter((row) => !kept.has(row.key)).map((row) => row.name)
  return { differs: true, changed, removed }
}

export function finishScreenOverride(
  profile: FinishScreenSettings | null | undefined,
  link: FinishScreenSettings | null | undefined,
): LinkOverride {
  if (!link || sameJson(profile ?? null, link)) return { differs: false }
  const before = new Map(finishScreenRows(profile).map((row) => [row.key, row.raw]))
  const changed = new Set<string>()
  for (const row of finishScreenRows(link)) {
    if (!sameJson(before.get(row.key) ?? null, row.raw)) changed.add(row.key)
  }
  if (!sameJson(profile?.enabled ?? null, link.enabled ?? null)) changed.add('enabled')
  const kept = new Set(finishScreenRows(link).map((row) => row.key))
  const removed = finishScreenRows(profile)
    .filter((row) => !kept.has(row.key))
    .map((row) => row.name)
  return { differs: true, changed, removed }
}
