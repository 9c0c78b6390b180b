import 'server-only'

import { sql, type Kysely } from 'kysely'

import type { Database } from '@/lib/store/schema'

import type { ClockView } from './contract'
import type { RetentionSettings } from './settings'

/*
 * The retention clock of an applicant (docs/retention.md). Kept RETENTION_DAYS after the end of
 * the business relationship (AMLD Art. 40); an applicant never onboarded (no verification of theirs
 * ever verified) counts from its last record; an applicant whose every record is a sandbox record
 * is kept RETENTION_SANDBOX_DAYS from its last one. An onboarded applicant without a recorded end
 * is kept: the relationship is ongoing.
 */

export type ClockFacts = {
  /** Days, `YYYY-MM-DD` (UTC). */
  firstDay: string | null
  lastDay: string | null
  onboarded: boolean
  sandbox: boolean
  endedOn: string | null
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10)
}

/** The clock on `today`: due once today is past the last day kept. */
export function clockOf(
  facts: ClockFacts | null,
  settings: Pick<RetentionSettings, 'days' | 'sandboxDays'>,
  today: string,
): ClockView {
  if (!facts || facts.lastDay === null) return { state: 'no_records' }
  const counting = (rule: 'relationship_ended' | 'never_onboarded' | 'sandbox', from: string) => {
    const keptUntil = addDays(from, rule === 'sandbox' ? settings.sandboxDays : settings.days)
    return { state: 'counting' as const, rule, from, keptUntil, due: today > keptUntil }
  }
  if (facts.sandbox) return counting('sandbox', facts.lastDay)
  if (facts.endedOn !== null) return counting('relationship_ended', facts.endedOn)
  if (!facts.onboarded) return counting('never_onboarded', facts.lastDay)
  return { state: 'ongoing' }
}

/** The facts of each applicant's records, in one pass over the mirror's rows of theirs. */
const FACTS = sql`
  select h.applicant_id,
    to_char(min(h.at) at time zone 'UTC', 'YYYY-MM-DD') as first_day,
    to_char(max(h.at) at time zone 'UTC', 'YYYY-MM-DD') as last_day,
    coalesce(bool_or(h.event_type = 'DOCVER' and h.status = 'verified'), false) as onboarded,
    coalesce(bool_and(coalesce(h.is_sandbox, false)), false) as sandbox
  from history_records h`

type FactsRow = {
  applicant_id: string
  first_day: string | null
  last_day: string | null
  onboarded: boolean
  sandbox: boolean
  ended_on: string | null
}

const factsOf = (row: FactsRow): ClockFacts => ({
  firstDay: row.first_day,
  lastDay: row.last_day,
  onboarded: row.onboarded,
  sandbox: row.sandbox,
  endedOn: row.ended_on,
})

export async function applicantFacts(
  db: Kysely<Database>,
  applicantId: string,
): Promise<ClockFacts | null> {
  const { rows } = await sql<FactsRow>`
    with f as (${FACTS} where h.applicant_id = ${applicantId} group by h.applicant_id)
    select f.*, r.ended_on from f
    left join retention_relationships r on r.applicant_id = f.applicant_id
  `.execute(db)
  return rows[0] ? factsOf(rows[0]) : null
}

export type DueApplicant = {
  applicantId: string
  rule: 'relationship_ended' | 'never_onboarded' | 'sandbox'
  keptUntil: string
  from: string
}

/**
 * Applicants not erased whose clock runs out by `horizon` (today for a run; later for the page's
 * "due soon"), oldest first, at most `limit`. One aggregate over the mirror: a daily run's cost,
 * and the /retention page's.
 */
export async function dueApplicants(
  db: Kysely<Database>,
  settings: Pick<RetentionSettings, 'days' | 'sandboxDays'>,
  horizon: string,
  limit = 1_000_000,
): Promise<DueApplicant[]> {
  const { rows } = await sql<FactsRow & { kept_until: string; rule: DueApplicant['rule'] }>`
    with f as (${FACTS} where h.applicant_id is not null group by h.applicant_id),
    clock as (
      select f.*, r.ended_on,
        case when f.sandbox then 'sandbox'
          when r.ended_on is not null then 'relationship_ended'
          when not f.onboarded then 'never_onboarded' end as rule,
        case when f.sandbox then f.last_day
          when r.ended_on is not null then r.ended_on
          when not f.onboarded then f.last_day end as from_day
      from f left join retention_relationships r on r.applicant_id = f.applicant_id
      where not exists (select 1 from retention_erased e where e.applicant_id = f.applicant_id)
    )
    select *, to_char(from_day::date + case when rule = 'sandbox' then ${settings.sandboxDays}::int
        else ${settings.days}::int end, 'YYYY-MM-DD') as kept_until
    from clock
    where rule is not null and from_day is not null
      and from_day::date + case when rule = 'sandbox' then ${settings.sandboxDays}::int
        else ${settings.days}::int end < ${horizon}::date
    order by kept_until, applicant_id
    limit ${limit}
  `.execute(db)
  return rows.map((row) => ({
    applicantId: row.applicant_id,
    rule: row.rule,
    keptUntil: row.kept_until,
    from: factsOf(row).endedOn && row.rule === 'relationship_ended' ? row.ended_on! : row.last_day!,
  }))
}
