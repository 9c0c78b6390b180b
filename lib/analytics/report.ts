import 'server-only'

import type { Kysely } from 'kysely'

import type { Database } from '@/lib/store/schema'

import type { AnalyticsRange } from './params'
import {
  deadlines,
  decisionsPerWeek,
  failureReasons,
  openCasesByAge,
  perAnalyst,
  periodDays,
  periodWeeks,
  qaPerAnalyst,
  reviewTimesPerWeek,
  screeningsPerDay,
  verificationsPerDay,
} from './queries'
import type { AnalyticsFigures } from './tables'

/**
 * Every figure of the page for one period and filters. The statements run one after another:
 * PGlite has one connection, and on a server the page's time is what the bench measures.
 */
export async function readFigures(
  db: Kysely<Database>,
  range: AnalyticsRange,
  { now, lead }: { now: Date; lead: boolean },
): Promise<AnalyticsFigures> {
  const verifications = await verificationsPerDay(db, range)
  const failures = await failureReasons(db, range)
  const screenings = await screeningsPerDay(db, range)
  const decisions = await decisionsPerWeek(db, range)
  const reviewTimes = await reviewTimesPerWeek(db, range)
  const openCases = await openCasesByAge(db, range, now)
  const deadlineCounts = await deadlines(db, range, now)
  const analysts = lead ? await perAnalyst(db, range) : null
  const qa = lead ? await qaPerAnalyst(db, range) : null
  return {
    days: periodDays(range),
    weeks: periodWeeks(range),
    verifications,
    failures,
    screenings,
    decisions,
    reviewTimes,
    openCases,
    deadlines: deadlineCounts,
    analysts,
    qa,
  }
}
