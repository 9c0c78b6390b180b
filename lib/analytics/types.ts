/* The figures lib/analytics/queries.ts reads, as the page and CSV see them: browser-safe. */

export type VerificationDay = { day: string; verified: number; failed: number; other: number }
export type FailureCategory = {
  key: string
  label: string
  from: number
  to: number
  verifications: number
}
export type FailureReasons = {
  failed: number
  withoutCode: number
  categories: FailureCategory[]
  codes: { code: number; category: string | null; verifications: number }[]
}
export type ScreeningDay = {
  day: string
  high: number
  medium: number
  low: number
  other: number
  withMatch: number
  total: number
}
export type DecisionWeek = {
  week: string
  trueMatch: number
  falsePositive: number
  secondReview: number
  /** Confirmations and overturns: the second analyst of the four-eyes rule. */
  secondLooks: number
  /** Matches Verity carried over as false positives, their records unchanged (issue #45). */
  carriedOver: number
  /** Matches that came back changed while a false positive stood for them. */
  reopened: number
}
export type ReviewTimeWeek = {
  week: string
  /** Screenings with at least one match, and how many of them have a decision. */
  screenings: number
  decided: number
  firstDecisionP50: number | null
  firstDecisionP90: number | null
  closedCases: number
  closeP50: number | null
  closeP90: number | null
}
export const AGE_BUCKETS = ['0-2', '3-10', '11-30', '31+'] as const
export type AgeBucket = (typeof AGE_BUCKETS)[number]
export type OpenCaseAge = { bucket: AgeBucket; cases: number }
export type Deadlines = { met: number; missed: number; openOverdue: number }
export type AnalystRow = {
  analystId: string
  label: string
  casesClosed: number
  decisions: number
  medianHoursToClose: number | null
}

/** QA results in the period of one analyst's closures (analystId null: the whole team). */
export type QaRow = {
  analystId: string | null
  label: string
  reviewed: number
  passed: number
  failed: number
}
