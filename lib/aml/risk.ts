import type { AmlMatch, AmlSearchResult } from '@/lib/upstream/schemas'

/** The documented options, lowest first. Other strings (SDKs add UnknownScore, noMatches) pass through. */
const RISK_LEVELS = ['Low', 'Medium', 'High'] as const
export type RiskLevel = (typeof RISK_LEVELS)[number]

type RiskTone = 'red' | 'amber' | 'green' | 'neutral'

/** 3 for High down to 1 for Low; 0 for anything else, so unknown levels sort last. */
export function riskRank(level: string | null | undefined): number {
  return RISK_LEVELS.indexOf(level as RiskLevel) + 1
}

/**
 * The level of one match: the string `risk_score` real payloads carry, else a level read from the
 * numeric `risk_score_value`. Its scale is undocumented; 0–100 with High from 70 and Medium from 40
 * is an assumption (the card always shows the number beside it), so values outside 0–100 give no level.
 */
export function matchRiskLevel(
  match: Pick<AmlMatch, 'risk_score' | 'risk_score_value'>,
): string | null {
  if (match.risk_score) return match.risk_score
  const value = match.risk_score_value
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 100) return null
  if (value >= 70) return 'High'
  if (value >= 40) return 'Medium'
  return 'Low'
}

/** Whether the level shown for a match was read from its number rather than given by the upstream. */
export function isDerivedRisk(match: Pick<AmlMatch, 'risk_score' | 'risk_score_value'>): boolean {
  return !match.risk_score && matchRiskLevel(match) !== null
}

/**
 * The highest risk of a report: `max_risk_score` when the upstream gives it, else the highest level
 * among the matches; null when nothing can be said (no matches, no levels).
 */
export function highestRisk(
  result: Pick<AmlSearchResult, 'max_risk_score' | 'data'>,
): string | null {
  if (result.max_risk_score) return result.max_risk_score
  let best: string | null = null
  for (const match of result.data) {
    const level = matchRiskLevel(match)
    if (level && (best === null || riskRank(level) > riskRank(best))) best = level
  }
  return best
}

export function riskTone(level: string | null | undefined): RiskTone {
  switch (level) {
    case 'High':
      return 'red'
    case 'Medium':
      return 'amber'
    case 'Low':
      return 'green'
    default:
      return 'neutral'
  }
}
