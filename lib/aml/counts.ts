import { matchRiskLevel, riskRank } from '@/lib/aml/risk'
import type { AmlMatch } from '@/lib/upstream/schemas'

/** A value and how many matches carry it, most frequent first. */
export type Count = { value: string; count: number }

/** Matches with no level, or no type, are counted under this label. */
export const UNKNOWN = 'Unknown'

function tally(values: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>()
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1)
  return counts
}

function byFrequency(counts: Map<string, number>): Count[] {
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
}

/** Highest risk first, whatever the counts, as analysts read the levels in that order. */
export function countByRisk(matches: readonly AmlMatch[]): Count[] {
  const counts = tally(matches.map((match) => matchRiskLevel(match) ?? UNKNOWN))
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => riskRank(b.value) - riskRank(a.value) || a.value.localeCompare(b.value))
}

export function countByType(matches: readonly AmlMatch[]): Count[] {
  return byFrequency(tally(matches.map((match) => match.type || UNKNOWN)))
}

/** A match counts once per distinct tag it carries. */
export function countByTag(matches: readonly AmlMatch[]): Count[] {
  return byFrequency(tally(matches.flatMap((match) => [...new Set(match.tags ?? [])])))
}
