import 'server-only'

import { sql, type Kysely } from 'kysely'

import { audit } from '@/lib/audit/record'
import { analystId, viewerLabel, type Viewer } from '@/lib/auth/viewer'
import { exampleIds } from '@/lib/demo/example-ids'
import type { CaseRow, Database } from '@/lib/store/schema'

import type { CaseState, Outcome } from './rules'

/*
 * The demo's cases in every state, owned by made-up analysts (a made-up issuer and subjects, so
 * they can never be a real sign-in). Only in demo mode; deterministic (the pattern follows a hash
 * of the reviewed resource's id, not the order the mirror met it); idempotent (only a case whose
 * log holds nothing but its creation, still at version 0, is touched, once). The records the tests
 * and the demo's home page name are left open and unclaimed.
 */

const DEMO_ISSUER = 'https://demo-idp.verity.invalid'

export const DEMO_ANALYSTS: Viewer[] = ['dana', 'eli', 'farah', 'goran'].map((sub) => ({
  iss: DEMO_ISSUER,
  sub,
  email: `${sub}@demo.verity.invalid`,
  name: null,
  groups: [],
}))

/** The records the tests and the demo's home page name: their cases stay open and unclaimed. */
export const KEPT = new Set<string>(
  Object.values(exampleIds).flatMap((value) =>
    typeof value === 'string' ? [value] : Object.values(value),
  ),
)

type Pattern = {
  state: CaseState
  owned: boolean
  /** Hours from now; negative is late. */
  dueInHours?: number
  snoozeHours?: number
  outcome?: Outcome
}

const PATTERNS: Pattern[] = [
  { state: 'open', owned: false },
  { state: 'open', owned: true },
  { state: 'in_review', owned: true },
  { state: 'in_review', owned: true, dueInHours: -5 },
  { state: 'in_review', owned: true, dueInHours: 3 },
  { state: 'waiting', owned: true, snoozeHours: 48 },
  { state: 'waiting', owned: true, snoozeHours: -2 },
  { state: 'escalated', owned: true },
  { state: 'closed', owned: true, outcome: 'no_action_needed' },
  { state: 'open', owned: false, dueInHours: -30 },
]

export function hash(text: string) {
  let value = 2166136261
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 16777619) >>> 0
  return value
}

/** Cases whose log holds nothing but their creation, still at version 0: the seed's to touch. */
export function freshCases(db: Kysely<Database>) {
  return db
    .selectFrom('cases')
    .selectAll()
    .where('version', '=', 0)
    .where(sql<boolean>`(select count(*) from case_events e where e.case_id = cases.id) = 1`)
    .execute()
}

export async function seedDemoCases(db: Kysely<Database>, now = new Date()): Promise<number> {
  const fresh = await freshCases(db)
  let seeded = 0
  for (const row of fresh) {
    if (KEPT.has(row.resource_id)) continue
    const h = hash(`${row.resource_type} ${row.resource_id}`)
    const pattern = PATTERNS[h % PATTERNS.length]!
    if (!pattern.owned && pattern.dueInHours === undefined) continue
    const analyst = DEMO_ANALYSTS[(h >>> 8) % DEMO_ANALYSTS.length]!
    if (await seedOne(db, row, pattern, analyst, now)) seeded += 1
  }
  return seeded
}

async function seedOne(
  db: Kysely<Database>,
  row: CaseRow,
  pattern: Pattern,
  analyst: Viewer,
  now: Date,
) {
  const hours = (n: number) => new Date(now.getTime() + n * 3_600_000)
  const owner = pattern.owned ? { id: analystId(analyst), label: viewerLabel(analyst) } : null
  const steps: DemoStep[] = []
  if (owner) steps.push({ kind: 'claimed', to: 'open' })
  if (pattern.state !== 'open') steps.push({ kind: 'state_changed', to: 'in_review' })
  if (pattern.state === 'waiting') {
    steps.push({ kind: 'snoozed', to: 'waiting', until: hours(pattern.snoozeHours ?? 24) })
  }
  if (pattern.state === 'escalated') {
    steps.push({ kind: 'escalated', to: 'escalated', reason: 'Demo: needs a senior opinion' })
  }
  if (pattern.state === 'closed') {
    steps.push({
      kind: 'closed',
      to: 'closed',
      outcome: pattern.outcome ?? 'no_action_needed',
      reason: 'Demo: duplicate of an earlier screening',
    })
  }
  const done = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('cases')
      .set({
        state: pattern.state,
        owner_id: owner?.id ?? null,
        owner_label: owner?.label ?? null,
        due_at: pattern.dueInHours === undefined ? row.due_at : hours(pattern.dueInHours),
        snoozed_until: steps.find((step) => step.until)?.until ?? null,
        outcome: pattern.outcome ?? null,
        close_reason: steps.find((step) => step.outcome)?.reason ?? null,
        updated_at: now,
        version: sql`version + 1`,
      })
      .where('id', '=', row.id)
      .where('version', '=', 0)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 0) return false
    await insertDemoSteps(trx, row.id, owner, steps, now)
    return true
  })
  if (!done) return false
  for (const step of steps) {
    await audit(analyst, 'case', { type: 'case', id: String(row.id) }, 'ok', step.kind, 'demo seed')
  }
  return true
}

/** A step of a demo case's story; without its own time, it happens at the seed's `now`. */
export type DemoStep = {
  kind: string
  to: CaseState
  at?: Date
  until?: Date
  outcome?: Outcome
  reason?: string
}

/** Writes a demo case's steps as its events, each from the state the one before left. */
export async function insertDemoSteps(
  trx: Kysely<Database>,
  caseId: number,
  owner: { id: string; label: string } | null,
  steps: readonly DemoStep[],
  now: Date,
) {
  let from: CaseState = 'open'
  for (const step of steps) {
    await trx
      .insertInto('case_events')
      .values({
        case_id: caseId,
        kind: step.kind,
        analyst_id: owner?.id ?? null,
        user_label: owner?.label ?? 'demo',
        from_state: from,
        to_state: step.to,
        owner_id: step.kind === 'claimed' ? (owner?.id ?? null) : null,
        owner_label: step.kind === 'claimed' ? (owner?.label ?? null) : null,
        outcome: step.outcome ?? null,
        reason: step.reason ?? null,
        until: step.until ?? null,
        at: step.at ?? now,
      })
      .execute()
    from = step.to
  }
}
