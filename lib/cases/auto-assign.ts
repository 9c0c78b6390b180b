import 'server-only'

import { sql, type Kysely } from 'kysely'

import { auditWork } from '@/lib/audit/record'
import type { Database } from '@/lib/store/schema'

import { insertCaseEvent } from './events'
import { autoAssignSettings } from './settings'
import { SYSTEM_ACTOR } from './system-actor'

/*
 * CASE_AUTO_ASSIGN=on: each new case goes to an available analyst (seen within
 * CASE_AUTO_ASSIGN_ACTIVE_HOURS and not marked away), the one with the fewest open cases, none past
 * CASE_AUTO_ASSIGN_MAX; a re-screened applicant's case to whoever had their last case, when that
 * analyst is available. Beyond everyone's limit a case waits unassigned (Take next hands it out).
 *
 * Atomic across instances: one transaction-scoped advisory lock makes the choices of two instances
 * take turns (so loads are counted after the other's assignments), and a case is assigned only
 * while it has no owner. Each assignment is a case event by Verity, audited after its commit (the
 * trail commits on its own connection), as the mirror's making of the case is.
 */

type Db = Kysely<Database>

/** An available analyst and how many open cases they have. */
export type Candidate = { id: string; label: string; open: number }

/**
 * Whom a case goes to: the applicant's previous owner when available and under the limit, else the
 * available analyst with the fewest open cases (then by name), else nobody.
 */
export function chooseAssignee(
  candidates: readonly Candidate[],
  previousOwner: string | null,
  max: number,
): { analyst: Candidate; why: 'previous' | 'fewest' } | null {
  const free = candidates.filter((candidate) => candidate.open < max)
  const previous = free.find((candidate) => candidate.id === previousOwner)
  if (previous) return { analyst: previous, why: 'previous' }
  const [fewest] = [...free].sort(
    (a, b) => a.open - b.open || a.label.localeCompare(b.label) || a.id.localeCompare(b.id),
  )
  return fewest ? { analyst: fewest, why: 'fewest' } : null
}

const WHY = {
  previous: "assigned automatically: had the applicant's last case",
  fewest: 'assigned automatically: fewest open cases',
} as const

/** Available analysts (seen lately, not away) with their open cases. */
export async function availableAnalysts(db: Db, activeHours: number, now: Date) {
  const since = new Date(now.getTime() - activeHours * 3_600_000)
  const result = await sql<Candidate>`
    select s.analyst_id as id,
      (array_agg(s.user_label order by s.last_seen_at desc))[1] as label,
      (select count(*) from cases c where c.owner_id = s.analyst_id and c.state <> 'closed')::int
        as open
    from sessions s
    where s.last_seen_at >= ${since}
      and not exists (select 1 from analyst_presence p where p.analyst_id = s.analyst_id and p.away)
    group by s.analyst_id`.execute(db)
  return result.rows
}

export type Assignment = { caseId: number; ownerLabel: string; why: string }

/** Assigns the cases among `caseIds` that still have no owner, when CASE_AUTO_ASSIGN is on. */
export async function autoAssign(
  db: Db,
  caseIds: readonly number[],
  now = new Date(),
): Promise<Assignment[]> {
  const settings = autoAssignSettings()
  if (!settings.on || caseIds.length === 0) return []
  const assigned = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('verity:case-auto-assign'))`.execute(trx)
    const candidates = await availableAnalysts(trx, settings.activeHours, now)
    if (candidates.length === 0) return []
    const waiting = await sql<{ id: number; state: string; previous_owner: string | null }>`
      select c.id, c.state, (
        select p.owner_id from cases p
        where c.applicant_id is not null and p.applicant_id = c.applicant_id and p.id <> c.id
          and p.owner_id is not null and p.clock_at <= c.clock_at
        order by p.clock_at desc, p.id desc limit 1
      ) as previous_owner
      from cases c
      where c.id = any(${[...caseIds]}::bigint[]) and c.owner_id is null and c.state <> 'closed'
      order by c.priority desc, c.clock_at, c.id`.execute(trx)
    const done: Assignment[] = []
    for (const kase of waiting.rows) {
      const choice = chooseAssignee(candidates, kase.previous_owner, settings.max)
      if (!choice) break
      const owner = { owner_id: choice.analyst.id, owner_label: choice.analyst.label }
      const updated = await trx
        .updateTable('cases')
        .set({ ...owner, updated_at: now, version: sql`version + 1` })
        .where('id', '=', kase.id)
        .where('owner_id', 'is', null)
        .returning(['id', 'state'])
        .executeTakeFirst()
      if (!updated) continue
      const why = WHY[choice.why]
      await insertCaseEvent(
        trx,
        SYSTEM_ACTOR,
        {
          case_id: updated.id,
          kind: 'assigned',
          from_state: updated.state,
          to_state: updated.state,
          reason: why,
          ...owner,
        },
        now,
      )
      choice.analyst.open++
      done.push({ caseId: updated.id, ownerLabel: choice.analyst.label, why })
    }
    return done
  })
  await auditWork(
    SYSTEM_ACTOR,
    'case',
    assigned.map((row) => ({
      resource: { type: 'case', id: String(row.caseId) },
      outcome: 'ok',
      field: 'assigned',
      reason: `assigned to ${row.ownerLabel} (${row.why.replace('assigned automatically: ', '')})`,
    })),
  )
  return assigned
}
