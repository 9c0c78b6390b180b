import 'server-only'

import { sql, type Kysely, type RawBuilder } from 'kysely'

import { SYSTEM_ACTOR } from '@/lib/review/decision-rules'
import type { Database } from '@/lib/store/schema'
import { ERROR_CATEGORIES, errorCategory, errorCategoryKey } from '@/lib/verifications/error-codes'

import type { AnalyticsRange } from './params'
import {
  AGE_BUCKETS,
  type AgeBucket,
  type AnalystRow,
  type DecisionWeek,
  type Deadlines,
  type FailureReasons,
  type OpenCaseAge,
  type QaRow,
  type ReviewTimeWeek,
  type ScreeningDay,
  type VerificationDay,
} from './types'

/*
 * The analytics page's figures, each one SQL statement over the store (the mirrored history,
 * match decisions, cases): nothing here reads the upstream. Days and weeks are UTC; a week starts
 * on Monday and is named by that day. A verification counts once, by its newest finished record
 * (as the queue lists it); a screening counts every time it ran. The rules are in docs/analytics.md.
 */

type Db = Kysely<Database>

const WEEK = (column: RawBuilder<unknown>) =>
  sql<string>`to_char(date_trunc('week', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`
const HOURS = (later: RawBuilder<unknown>, earlier: RawBuilder<unknown>) =>
  sql`extract(epoch from ${later} - ${earlier}) / 3600.0`

/** The webhook and live-or-sandbox filters on a history record `r`. */
function recordFilters(range: AnalyticsRange): RawBuilder<unknown>[] {
  const { webhookId, environment } = range.params
  const filters: RawBuilder<unknown>[] = []
  if (webhookId) filters.push(sql`r.webhook_id = ${webhookId}`)
  if (environment) filters.push(sql`r.is_sandbox = ${environment === 'sandbox'}`)
  return filters
}

const and = (conditions: RawBuilder<unknown>[]) => sql.join(conditions, sql` and `)

/**
 * A case `c` whose record passes the filters (every case when none is set), by the copy of the
 * record's webhook and environment the case keeps (migration 0015).
 */
function caseFilter(range: AnalyticsRange) {
  const { webhookId, environment } = range.params
  const filters: RawBuilder<unknown>[] = [sql`true`]
  if (webhookId) filters.push(sql`c.record_webhook_id = ${webhookId}`)
  if (environment) filters.push(sql`c.record_is_sandbox = ${environment === 'sandbox'}`)
  return and(filters)
}

/** A decision `d` on a report whose screening passes the filters (every decision when none is set). */
function decisionFilter(range: AnalyticsRange) {
  const filters = recordFilters(range)
  if (filters.length === 0) return sql`true`
  return sql`exists (
    select 1 from history_records r where lower(r.search_uuid) = d.search_id and ${and(filters)}
  )`
}

/**
 * The webhook and live-or-sandbox filters, and the period's days, on a rollup row `x` of migration
 * 0013 (its days are UTC, as the period's are).
 */
function rollupFilters(range: AnalyticsRange): RawBuilder<unknown> {
  const { webhookId, environment, from, to } = range.params
  const filters = [sql`x.day >= ${from}::date`, sql`x.day <= ${to}::date`]
  if (webhookId) filters.push(sql`x.webhook_id = ${webhookId}`)
  if (environment) filters.push(sql`x.environment = ${environment}`)
  return and(filters)
}

/**
 * Verifications by the day of their newest finished record, as the queue picks it: a verification
 * that finished again later counts on that later day only. Read from the rollup the mirror's
 * writes keep (migration 0013).
 */
export async function verificationsPerDay(db: Db, range: AnalyticsRange) {
  const { rows } = await sql<VerificationDay>`
    select to_char(x.day, 'YYYY-MM-DD') as day,
      coalesce(sum(x.verifications) filter (where x.outcome = 'verified'), 0)::int as verified,
      coalesce(sum(x.verifications) filter (where x.outcome = 'failed'), 0)::int as failed,
      coalesce(sum(x.verifications) filter (where x.outcome = 'other'), 0)::int as other
    from analytics_verification_days x
    where ${rollupFilters(range)}
    group by x.day having sum(x.verifications) > 0
    order by x.day
  `.execute(db)
  return rows
}

const CATEGORY_OF_CODE = sql`case ${sql.join(
  ERROR_CATEGORIES.map(
    (category) =>
      sql`when code between ${sql.lit(category.from)} and ${sql.lit(category.to)} then ${sql.lit(errorCategoryKey(category))}`,
  ),
  sql` `,
)} end`

/** Failed verifications by error category (one verification in each category it has a code of), and the top ten codes. */
export async function failureReasons(db: Db, range: AnalyticsRange): Promise<FailureReasons> {
  // One statement: the period's failed verifications, as counts per set of error codes (the
  // rollup's key), are found once (a materialised CTE) and counted three ways, as rows told apart
  // by `kind`. A verification is in a category once however many of its codes fall there.
  const { rows } = await sql<{
    kind: 'total' | 'category' | 'code'
    key: string | null
    n: number
    m: number
  }>`
    with failed as materialized (
      select x.error_codes, sum(x.verifications)::int as n
      from analytics_verification_days x
      where x.outcome = 'failed' and ${rollupFilters(range)}
      group by x.error_codes having sum(x.verifications) > 0
    )
    select 'total' as kind, null as key, coalesce(sum(f.n), 0)::int as n,
      coalesce(sum(f.n) filter (where cardinality(f.error_codes) = 0), 0)::int as m
    from failed f
    union all
    select 'category', k.key, sum(k.n)::int, 0
    from (
      select distinct f.error_codes, f.n, ${CATEGORY_OF_CODE} as key
      from failed f, unnest(f.error_codes) code
    ) k
    where k.key is not null
    group by k.key
    union all
    (select 'code', code::text, sum(f.n)::int, 0
      from failed f, unnest(f.error_codes) code
      group by code order by sum(f.n) desc, code limit 10)
  `.execute(db)
  const total = rows.find((row) => row.kind === 'total')
  const categories = {
    rows: rows
      .filter((row) => row.kind === 'category')
      .map((row) => ({ key: row.key ?? '', verifications: row.n })),
  }
  const codes = {
    rows: rows
      .filter((row) => row.kind === 'code')
      .map((row) => ({ code: Number(row.key), verifications: row.n }))
      // A union keeps no order: the ten are ranked again.
      .sort((a, b) => b.verifications - a.verifications || a.code - b.code),
  }
  const counted = new Map(categories.rows.map((row) => [row.key, row.verifications]))
  return {
    failed: total?.n ?? 0,
    withoutCode: total?.m ?? 0,
    categories: ERROR_CATEGORIES.map((category) => ({
      key: errorCategoryKey(category),
      label: category.label,
      from: category.from,
      to: category.to,
      verifications: counted.get(errorCategoryKey(category)) ?? 0,
    })),
    codes: codes.rows.map((row) => ({
      code: row.code,
      category: errorCategory(row.code)?.label ?? null,
      verifications: row.verifications,
    })),
  }
}

/** Every screening (each run counts) by the day it ran, by its highest risk. */
export async function screeningsPerDay(db: Db, range: AnalyticsRange) {
  const { rows } = await sql<ScreeningDay>`
    select to_char(x.day, 'YYYY-MM-DD') as day, sum(x.high)::int as high,
      sum(x.medium)::int as medium, sum(x.low)::int as low, sum(x.other)::int as other,
      sum(x.with_match)::int as "withMatch", sum(x.total)::int as total
    from analytics_screening_days x
    where ${rollupFilters(range)}
    group by x.day having sum(x.total) > 0
    order by x.day
  `.execute(db)
  return rows
}

/**
 * Decisions analysts wrote in the period (an analyst's carry-over is the same decision again, so
 * left out), beside the work Verity saved: matches it carried over by itself, and matches that
 * came back changed and reopened.
 */
export async function decisionsPerWeek(db: Db, range: AnalyticsRange) {
  const { rows } = await sql<DecisionWeek>`
    select x.week,
      count(*) filter (where x.decision = 'true_match' and x.action = 'set')::int as "trueMatch",
      count(*) filter (where x.decision = 'false_positive' and x.action = 'set')::int as "falsePositive",
      count(*) filter (where x.decision = 'second_review' and x.action = 'set')::int as "secondReview",
      count(*) filter (where x.action in ('confirm', 'overturn'))::int as "secondLooks",
      count(*) filter (where x.action = 'carried')::int as "carriedOver",
      count(*) filter (where x.action = 'reopened')::int as "reopened"
    from (
      select ${WEEK(sql.ref('d.at'))} as week, d.decision,
        case when d.analyst_id = ${SYSTEM_ACTOR.analystId} then 'carried' else d.action end as action
      from match_decisions d
      where d.at >= ${range.start} and d.at < ${range.end}
        and (d.action <> 'carry_over' or d.analyst_id = ${SYSTEM_ACTOR.analystId})
        and ${decisionFilter(range)}
      union all
      select ${WEEK(sql.ref('d.at'))}, null, 'reopened'
      from match_reopenings d
      where d.at >= ${range.start} and d.at < ${range.end} and ${decisionFilter(range)}
    ) x
    group by 1 order by 1
  `.execute(db)
  return rows
}

/**
 * Hours from a screening with matches to the first decision on its report, and to the close of
 * its case, per week of the screening: median and 90th percentile.
 */
export async function reviewTimesPerWeek(db: Db, range: AnalyticsRange) {
  const filters = and([sql`true`, ...recordFilters(range)])
  const [decisions, closes] = await Promise.all([
    // The screenings with matches per week come from the rollup; the first decisions are found
    // from the decisions since the period began (few), each looking up its screening in the
    // narrow copy of screenings with matches (migration 0013). `offset 0` keeps the planner from
    // scanning the period's part of that copy instead (123 against 72 ms at a million).
    sql<{
      week: string
      screenings: number
      decided: number
      p50: number | null
      p90: number | null
    }>`
      with screenings as (
        select to_char(date_trunc('week', x.day::timestamp), 'YYYY-MM-DD') as week,
          sum(x.reviewable)::int as n
        from analytics_screening_days x
        where ${rollupFilters(range)}
        group by 1 having sum(x.reviewable) > 0
      ),
      first as (
        select r.at, min(d.at) as decided_at
        from match_decisions d
        join lateral (
          select r.record_id, r.at from analytics_screenings r
          where r.search_id = d.search_id and d.at >= r.at
            and r.at >= ${range.start} and r.at < ${range.end} and ${filters}
          offset 0
        ) r on true
        where d.at >= ${range.start}
        group by r.record_id, r.at
      )
      select s.week, s.n as screenings, count(f.at)::int as decided,
        percentile_cont(0.5) within group (order by ${HOURS(sql.ref('f.decided_at'), sql.ref('f.at'))}) as p50,
        percentile_cont(0.9) within group (order by ${HOURS(sql.ref('f.decided_at'), sql.ref('f.at'))}) as p90
      from screenings s
      left join first f on ${WEEK(sql.ref('f.at'))} = s.week
      group by s.week, s.n order by s.week
    `.execute(db),
    // The period's closed screening cases, by the screening's time each case keeps (migration
    // 0015), each with its last close.
    sql<{ week: string; closed: number; p50: number | null; p90: number | null }>`
      select ${WEEK(sql.ref('c.record_at'))} as week, count(*)::int as closed,
        percentile_cont(0.5) within group (order by ${HOURS(sql.ref('e.at'), sql.ref('c.record_at'))}) as p50,
        percentile_cont(0.9) within group (order by ${HOURS(sql.ref('e.at'), sql.ref('c.record_at'))}) as p90
      from cases c
      join lateral (
        select max(e.at) as at from case_events e where e.case_id = c.id and e.to_state = 'closed'
      ) e on e.at is not null
      where c.kind = 'screening' and c.state = 'closed'
        and c.record_at >= ${range.start} and c.record_at < ${range.end} and ${caseFilter(range)}
      group by 1 order by 1
    `.execute(db),
  ])
  const weeks = new Map<string, ReviewTimeWeek>()
  const weekOf = (week: string) => {
    let row = weeks.get(week)
    if (!row) {
      row = {
        week,
        screenings: 0,
        decided: 0,
        firstDecisionP50: null,
        firstDecisionP90: null,
        closedCases: 0,
        closeP50: null,
        closeP90: null,
      }
      weeks.set(week, row)
    }
    return row
  }
  for (const row of decisions.rows) {
    Object.assign(weekOf(row.week), {
      screenings: row.screenings,
      decided: row.decided,
      firstDecisionP50: hours(row.p50),
      firstDecisionP90: hours(row.p90),
    })
  }
  for (const row of closes.rows) {
    Object.assign(weekOf(row.week), {
      closedCases: row.closed,
      closeP50: hours(row.p50),
      closeP90: hours(row.p90),
    })
  }
  return [...weeks.values()].sort((a, b) => a.week.localeCompare(b.week))
}

/** One decimal; pg gives a double precision as a number, some drivers as a string. */
function hours(value: number | string | null): number | null {
  if (value === null) return null
  return Math.round(Number(value) * 10) / 10
}

/** Cases not closed at `now`, by whole days on their clock (since their record's time). */
export async function openCasesByAge(db: Db, range: AnalyticsRange, now: Date) {
  const day = 86_400_000
  const { rows } = await sql<{ bucket: AgeBucket; cases: number }>`
    select case
        when c.clock_at > ${new Date(now.getTime() - 3 * day)} then '0-2'
        when c.clock_at > ${new Date(now.getTime() - 11 * day)} then '3-10'
        when c.clock_at > ${new Date(now.getTime() - 31 * day)} then '11-30'
        else '31+' end as bucket,
      count(*)::int as cases
    from cases c
    where c.state <> 'closed' and ${caseFilter(range)}
    group by 1
  `.execute(db)
  const counted = new Map(rows.map((row) => [row.bucket, row.cases]))
  return AGE_BUCKETS.map((bucket): OpenCaseAge => ({ bucket, cases: counted.get(bucket) ?? 0 }))
}

/** Cases closed in the period by their due date or after it, and active cases past it at `now`. */
export async function deadlines(db: Db, range: AnalyticsRange, now: Date): Promise<Deadlines> {
  const [closed, open] = await Promise.all([
    // Driven from the period's close events (index case_events_closed); a case counts by its last close.
    sql<{ met: number; missed: number }>`
      select count(*) filter (where e.at <= c.due_at)::int as met,
        count(*) filter (where e.at > c.due_at)::int as missed
      from case_events e
      join cases c on c.id = e.case_id
      where e.to_state = 'closed' and e.at >= ${range.start} and e.at < ${range.end}
        and c.state = 'closed' and ${caseFilter(range)}
        and not exists (
          select 1 from case_events l
          where l.case_id = e.case_id and l.to_state = 'closed'
            and (l.at > e.at or (l.at = e.at and l.id > e.id))
        )
    `.execute(db),
    // As the queue's Overdue view counts them (lib/cases/list.ts): a case snoozed until later is
    // out of it until its snooze ends.
    sql<{ overdue: number }>`
      select count(*)::int as overdue from cases c
      where c.state <> 'closed' and c.due_at < ${now} and ${caseFilter(range)}
        and not (c.state = 'waiting' and c.snoozed_until is not null and c.snoozed_until > ${now})
    `.execute(db),
  ])
  return {
    met: closed.rows[0]?.met ?? 0,
    missed: closed.rows[0]?.missed ?? 0,
    openOverdue: open.rows[0]?.overdue ?? 0,
  }
}

/** Per analyst: cases they closed and decisions they wrote in the period, and their median hours from a case's making to its close. */
export async function perAnalyst(db: Db, range: AnalyticsRange) {
  const { rows } = await sql<{
    analyst_id: string
    label: string
    closed: number
    decisions: number
    p50: number | null
  }>`
    select x.analyst_id, (array_agg(x.user_label order by x.at desc))[1] as label,
      count(*) filter (where x.source = 'close')::int as closed,
      count(*) filter (where x.source = 'decision')::int as decisions,
      percentile_cont(0.5) within group (order by x.hours) as p50
    from (
      select e.analyst_id, e.user_label, e.at, 'close' as source,
        ${HOURS(sql.ref('e.at'), sql.ref('c.created_at'))} as hours
      from case_events e join cases c on c.id = e.case_id
      where e.to_state = 'closed' and e.analyst_id is not null
        and e.analyst_id <> ${SYSTEM_ACTOR.analystId}
        and e.at >= ${range.start} and e.at < ${range.end} and ${caseFilter(range)}
      union all
      select d.analyst_id, d.user_label, d.at, 'decision', null
      from match_decisions d
      where d.at >= ${range.start} and d.at < ${range.end} and d.action <> 'carry_over'
        and ${decisionFilter(range)}
    ) x
    group by x.analyst_id
    order by closed desc, decisions desc, label
  `.execute(db)
  return rows.map((row): AnalystRow => ({
    analystId: row.analyst_id,
    label: row.label,
    casesClosed: row.closed,
    decisions: row.decisions,
    medianHoursToClose: hours(row.p50),
  }))
}

/** Every day of the period, YYYY-MM-DD, for charts that show days with nothing as zero. */
export function periodDays(range: AnalyticsRange): string[] {
  const days: string[] = []
  for (let time = range.start.getTime(); time < range.end.getTime(); time += 86_400_000) {
    days.push(new Date(time).toISOString().slice(0, 10))
  }
  return days
}

/** The Monday of every week the period touches. */
export function periodWeeks(range: AnalyticsRange): string[] {
  const first = new Date(range.start)
  first.setUTCDate(first.getUTCDate() - ((first.getUTCDay() + 6) % 7))
  const weeks: string[] = []
  for (let time = first.getTime(); time < range.end.getTime(); time += 7 * 86_400_000) {
    weeks.push(new Date(time).toISOString().slice(0, 10))
  }
  return weeks
}

/**
 * QA results recorded in the period (lib/qa/), the standing one of each sampled case (a correction
 * stands for the result it corrects), counted for the analyst who closed the case and for the team
 * (the last row). Not narrowed by webhook or environment: QA samples closures, not records.
 */
export async function qaPerAnalyst(db: Db, range: AnalyticsRange): Promise<QaRow[]> {
  const { rows } = await sql<{
    analyst_id: string
    label: string | null
    reviewed: number
    passed: number
  }>`
    with standing as (
      select distinct on (r.draw_id, r.case_id) r.draw_id, r.case_id, r.result
      from qa_results r where r.at >= ${range.start} and r.at < ${range.end}
      order by r.draw_id, r.case_id, r.id desc
    ), closed as (
      select s.result, p->>'analystId' as analyst_id
      from standing s join qa_draws d on d.id = s.draw_id
      cross join lateral jsonb_array_elements(d.population) p
      where (p->>'caseId')::bigint = s.case_id
    )
    select analyst_id, (select e.user_label from case_events e where e.analyst_id = closed.analyst_id
        order by e.id desc limit 1) as label,
      count(*)::int as reviewed, count(*) filter (where result = 'pass')::int as passed
    from closed group by analyst_id order by reviewed desc, analyst_id`.execute(db)
  const analysts = rows.map((row): QaRow => ({
    analystId: row.analyst_id,
    label: row.label ?? row.analyst_id,
    reviewed: row.reviewed,
    passed: row.passed,
    failed: row.reviewed - row.passed,
  }))
  if (analysts.length === 0) return []
  const sum = (pick: (row: QaRow) => number) =>
    analysts.reduce((total, row) => total + pick(row), 0)
  return [
    ...analysts,
    {
      analystId: null,
      label: 'Team',
      reviewed: sum((row) => row.reviewed),
      passed: sum((row) => row.passed),
      failed: sum((row) => row.failed),
    },
  ]
}
