import 'server-only'

import { sql, type Kysely } from 'kysely'

import type { Database } from '@/lib/store/schema'

/*
 * Reports to the FIU on /analytics, for leads (their existence is for leads and drafters only):
 * per UTC week (from Monday) of the period, the reports drafted, approved and filed, by their
 * events; and the median days from the decision a report follows to its filing, over the reports
 * filed in the period.
 */

export type ReportWeek = { week: string; drafted: number; approved: number; filed: number }
export type ReportFigures = { weeks: ReportWeek[]; filed: number; medianDaysToFile: number | null }

export async function reportFigures(
  db: Kysely<Database>,
  start: Date,
  end: Date,
): Promise<ReportFigures> {
  const [weeks, filing] = await Promise.all([
    sql<ReportWeek>`
      select to_char(date_trunc('week', e.at at time zone 'UTC'), 'YYYY-MM-DD') as week,
        count(*) filter (where e.kind = 'created')::int as drafted,
        count(*) filter (where e.kind = 'approve')::int as approved,
        count(*) filter (where e.kind = 'file')::int as filed
      from fiu_report_events e
      where e.kind in ('created', 'approve', 'file') and e.at >= ${start} and e.at < ${end}
      group by 1 order by 1`.execute(db),
    sql<{ filed: number; median: number | null }>`
      select count(*)::int as filed,
        percentile_cont(0.5) within group (
          order by extract(epoch from r.filed_at - r.decided_at) / 86400.0) as median
      from fiu_reports r
      where r.filed_at >= ${start} and r.filed_at < ${end}`.execute(db),
  ])
  const median = filing.rows[0]?.median
  return {
    weeks: weeks.rows,
    filed: filing.rows[0]?.filed ?? 0,
    medianDaysToFile: median === null || median === undefined ? null : Number(median),
  }
}
