import 'server-only'

import { sql, type Kysely } from 'kysely'

import { audit } from '@/lib/audit/record'
import { analystId, viewerLabel, type Viewer } from '@/lib/auth/viewer'
import type { NewDecisionRow } from '@/lib/review/decision-queries'
import { settlesAlone, type Decision, type DecisionAction } from '@/lib/review/decision-rules'
import { printMatch } from '@/lib/review/standing/fingerprint'
import type { CaseRow, Database } from '@/lib/store/schema'
import { upstreamGet } from '@/lib/upstream/client'
import { amlSearchResultSchema } from '@/lib/upstream/schemas'

import { DEMO_ANALYSTS, KEPT, freshCases, hash, insertDemoSteps, type DemoStep } from './demo'
import type { CaseState, Outcome } from './rules'
import { slaHours } from './settings'

/*
 * `npm run demo`'s cases (VERITY_DEMO_WORK): weeks of a team's work, so /analytics, the queue and
 * a case's log read as they would after a month in production. Each case was made when its record
 * arrived (lib/cases/create.ts), and is claimed, reviewed and closed at times after that, by
 * the made-up analysts of demo.ts; nothing happens after now, so the newest cases are still open
 * and a few old ones were never picked up. A screening case's matches are decided as the review
 * page writes decisions (the four-eyes rule's `settles`, a second analyst confirming a true match
 * or overturning a second review) before the case closes. Deterministic per case (a hash of the
 * reviewed resource), idempotent as demo.ts is, and the records the home page names stay open.
 */

const HOUR = 3_600_000
const MINUTE = 60_000

/** How long each demo analyst takes, against the team's usual (DEMO_ANALYSTS' order). */
const PACE = [0.75, 1, 1.2, 0.9]

/** A case that waited is still unclaimed when its due date passed less than this long ago. */
const LATE_PICKUP_MS = 12 * HOUR

/** Reports with more matches than this are closed as needing no action, undecided. */
const MOST_MATCHES_DECIDED = 40

type Step = DemoStep & { at: Date; analyst: Viewer }

type Plan = { state: CaseState; owner: Viewer | null; steps: Step[]; outcome: Outcome | null }

/** Bits of the case's hash, as a fraction in [0, 1). */
const part = (h: number, shift: number, size = 100) => ((h >>> shift) % size) / size

function planOf(row: CaseRow, now: Date): Plan | null {
  const h = hash(`${row.resource_type} ${row.resource_id}`)
  const made = row.created_at.getTime()
  const sla = slaHours()
  const slaMs =
    (row.risk === 'High'
      ? sla.High
      : row.kind === 'failed_verification'
        ? sla.failed_verification
        : sla.Medium) * HOUR
  // One case in seventeen waited for someone to pick it up. The newest of them still wait,
  // unclaimed: the backlog the age chart shows, and the few a team has due today or just overdue.
  // The older ones were picked up late and closed past their due date, as a team catches up,
  // rather than lying overdue for weeks (a queue that opened on "Overdue 75" read as nobody's).
  const waited = h % 17 === 0
  if (waited && row.due_at.getTime() > now.getTime() - LATE_PICKUP_MS) return null
  const which = (h >>> 8) % DEMO_ANALYSTS.length
  const analyst = DEMO_ANALYSTS[which]!
  const pace = PACE[which]!
  const claimed = waited
    ? row.due_at.getTime() + slaMs * part(h, 3) * 0.2
    : made + slaMs * (0.02 + part(h, 3) * 0.2) * pace
  if (claimed > now.getTime()) return null
  // A few of those picked up late (one in 24) wait on the applicant still: old open cases the age chart
  // shows, snoozed past today so they are not overdue.
  if (waited && part(h, 20, 24) === 0) {
    const until = new Date(now.getTime() + (6 + part(h, 5) * 66) * HOUR)
    const at = (ms: number) => new Date(Math.min(ms, now.getTime()))
    return {
      state: 'waiting',
      owner: analyst,
      outcome: null,
      steps: [
        { kind: 'claimed', to: 'open', at: at(claimed), analyst },
        { kind: 'state_changed', to: 'in_review', at: at(claimed + 2 * MINUTE), analyst },
        { kind: 'snoozed', to: 'waiting', at: at(claimed + 30 * MINUTE), analyst, until },
      ],
    }
  }
  const roll = part(h, 16, 12)
  const detour = roll < 2 / 12 ? 'waiting' : roll < 3 / 12 ? 'escalated' : null
  // Most close well within the due date; waiting on the customer takes longer, and an escalation
  // waits for a senior analyst, past the due date.
  const factor =
    detour === 'escalated'
      ? 1 + part(h, 10) * 3
      : detour === 'waiting'
        ? 0.4 + part(h, 10) * 0.9
        : 0.1 + part(h, 10) * 0.85
  const closed = made + slaMs * factor * pace
  const at = (ms: number) => new Date(Math.min(ms, now.getTime()))
  const steps: Step[] = [
    { kind: 'claimed', to: 'open', at: at(claimed), analyst },
    { kind: 'state_changed', to: 'in_review', at: at(claimed + 2 * MINUTE), analyst },
  ]
  if (detour === 'waiting') {
    const until = new Date(claimed + 48 * HOUR)
    steps.push({ kind: 'snoozed', to: 'waiting', at: at(claimed + 30 * MINUTE), analyst, until })
  }
  if (detour === 'escalated') {
    const reason = 'Demo: needs a senior opinion'
    steps.push({
      kind: 'escalated',
      to: 'escalated',
      at: at(claimed + 45 * MINUTE),
      analyst,
      reason,
    })
  }
  if (closed > now.getTime()) {
    return { state: steps.at(-1)!.to, owner: analyst, steps, outcome: null }
  }
  // Time enough to decide the matches first.
  const closing = at(Math.max(closed, claimed + 60 * MINUTE))
  steps.push({ kind: 'closed', to: 'closed', at: closing, analyst })
  return { state: 'closed', owner: analyst, steps, outcome: 'no_action_needed' }
}

/** The match decisions of a screening case's review, between its start and its close (or now). */
function decisionsOf(
  row: CaseRow,
  plan: Plan,
  matches: string[],
  now: Date,
): { rows: NewDecisionRow[]; outcome: Outcome } {
  const h = hash(`decisions ${row.resource_id}`)
  const analyst = plan.owner!
  const second = DEMO_ANALYSTS.filter((other) => other !== analyst)[h % 3]!
  const start = plan.steps[1]!.at.getTime() + 10 * MINUTE
  const end = plan.steps.find((step) => step.kind === 'closed')?.at.getTime() ?? now.getTime()
  const rows: NewDecisionRow[] = []
  const write = (
    who: Viewer,
    match: string,
    decision: Decision,
    action: DecisionAction,
    reason: string,
    at: number,
    settles: boolean,
  ) => {
    if (at > now.getTime()) return
    rows.push({
      search_id: row.resource_id,
      match_uuid: match,
      applicant_id: row.applicant_id,
      decision,
      action,
      reason,
      user_label: viewerLabel(who),
      analyst_id: analystId(who),
      at: new Date(at),
      carried_from: null,
      settles,
    })
  }
  const closing = plan.state === 'closed'
  // An open case's review is half done; a closed one decided every match.
  const decided = closing ? matches : matches.slice(0, Math.ceil(matches.length / 2))
  const trueMatch = closing && part(h, 4) < 0.12 ? decided[0] : undefined
  const secondReview = part(h, 12) < 0.1 ? decided.find((match) => match !== trueMatch) : undefined
  const span = Math.max(end - start, 0)
  decided.forEach((match, index) => {
    const at = start + (span * 0.6 * index) / Math.max(decided.length, 1)
    if (match === trueMatch) {
      write(analyst, match, 'true_match', 'set', 'Demo: same date of birth and country', at, false)
      write(second, match, 'true_match', 'confirm', 'Demo: agreed', start + span * 0.8, true)
    } else if (match === secondReview) {
      const asked = 'Demo: a partial name match, another look please'
      write(analyst, match, 'second_review', 'set', asked, at, false)
      const overturned = 'Demo: different date of birth'
      write(second, match, 'false_positive', 'overturn', overturned, start + span * 0.85, true)
    } else {
      const none = { status: 'unreviewed' } as const
      const reason = 'Demo: different date of birth'
      write(
        analyst,
        match,
        'false_positive',
        'set',
        reason,
        at,
        settlesAlone(none, 'false_positive', 'set'),
      )
    }
  })
  return { rows, outcome: trueMatch ? 'true_match' : 'false_positive' }
}

/** The report's matches by uuid, raw; null when the upstream cannot give it. */
async function reportMatches(searchId: string): Promise<Map<string, unknown> | null> {
  try {
    const report = await upstreamGet(
      `/api/v3/aml/search/history/${encodeURIComponent(searchId)}`,
      amlSearchResultSchema,
    )
    return new Map(report.data.map((match) => [match.uuid, match]))
  } catch {
    // A report the upstream cannot give is left undecided; its case closes as needing no action.
    return null
  }
}

export async function seedDemoWork(db: Kysely<Database>, now = new Date()): Promise<number> {
  let seeded = 0
  for (const row of await freshCases(db)) {
    if (KEPT.has(row.resource_id)) continue
    const plan = planOf(row, now)
    if (!plan) continue
    let decisions: NewDecisionRow[] = []
    if (row.kind === 'screening') {
      const matches = await reportMatches(row.resource_id)
      if (matches && matches.size > 0 && matches.size <= MOST_MATCHES_DECIDED) {
        const made = decisionsOf(row, plan, [...matches.keys()], now)
        // Each decision keeps its match's fingerprint and the raw match (for carry-over).
        decisions = made.rows.map((decision) => {
          const raw = matches.get(decision.match_uuid)
          if (raw === undefined) return decision
          const print = printMatch(raw)
          return {
            ...decision,
            fingerprint: print.fingerprint,
            judged: JSON.stringify(print.judged),
            raw_match: JSON.stringify(raw),
          }
        })
        if (plan.state === 'closed') plan.outcome = made.outcome
      }
    }
    if (await write(db, row, plan, decisions, now)) seeded += 1
  }
  return seeded
}

async function write(
  db: Kysely<Database>,
  row: CaseRow,
  plan: Plan,
  decisions: NewDecisionRow[],
  now: Date,
) {
  const closing = plan.steps.find((step) => step.kind === 'closed')
  if (closing) {
    closing.outcome = plan.outcome ?? 'no_action_needed'
    closing.reason =
      closing.outcome === 'no_action_needed'
        ? 'Demo: resolved with the applicant'
        : 'Demo: every match decided'
  }
  const owner = plan.owner && { id: analystId(plan.owner), label: viewerLabel(plan.owner) }
  const done = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('cases')
      .set({
        state: plan.state,
        owner_id: owner?.id ?? null,
        owner_label: owner?.label ?? null,
        snoozed_until: plan.state === 'waiting' ? (plan.steps.at(-1)?.until ?? null) : null,
        outcome: closing?.outcome ?? null,
        close_reason: closing?.reason ?? null,
        updated_at: plan.steps.at(-1)?.at ?? now,
        version: sql`version + 1`,
      })
      .where('id', '=', row.id)
      .where('version', '=', 0)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 0) return false
    await insertDemoSteps(trx, row.id, owner, plan.steps, now)
    if (decisions.length > 0) await trx.insertInto('match_decisions').values(decisions).execute()
    return true
  })
  if (!done) return false
  // Queued together, the audit writer commits them in batches (as create.ts does).
  await Promise.all([
    ...plan.steps.map((step) =>
      audit(
        step.analyst,
        'case',
        { type: 'case', id: String(row.id) },
        'ok',
        step.kind,
        'demo seed',
      ),
    ),
    ...decisions.map((decision) =>
      audit(
        DEMO_ANALYSTS.find((who) => analystId(who) === decision.analyst_id)!,
        'decide',
        { type: 'aml_search', id: decision.search_id },
        'ok',
        decision.match_uuid,
        `${decision.decision} (${decision.action}) demo seed`,
      ),
    ),
  ])
  return true
}
