import 'server-only'

import { setTimeout as sleep } from 'node:timers/promises'

import { sql, type Kysely } from 'kysely'

import { auditWork } from '@/lib/audit/record'
import type { Viewer } from '@/lib/auth/viewer'
import type { Database } from '@/lib/store/schema'

import { dayOf, dueApplicants, type DueApplicant } from './clock'
import type { HoldView, RetentionRule } from './contract'
import { eraseApplicant, sweepTombstoned, type ErasedCounts } from './erase'
import { holdsOf } from './holds'
import type { RetentionSettings } from './settings'

/*
 * A retention run: the daily job, `npm run retention`, or a granted erasure request. It finds the
 * applicants due (clock.ts), leaves out those held (holds.ts), and erases the rest in batches, each
 * batch one transaction that checks the holds again, so a case opened meanwhile still holds. Between
 * batches it pauses, so the store keeps answering pages. Each applicant erased is audited after its
 * batch commits: who or what, which applicant, under which rule, how many rows of each kind; a
 * tombstone whose audit row was not written (a crash in between) is audited by the next run.
 * A store error stops the run: what was committed stays erased, the rest untouched, and the next
 * run takes it up, since it looks for what is due again.
 */

export type RunTrigger = 'job' | 'command' | 'request'

export type RunOptions = {
  trigger: RunTrigger
  dryRun: boolean
  actor: Viewer
  /** Applicants per transaction. */
  batchSize?: number
  /** Pause between batches, in milliseconds. */
  pauseMs?: number
  /** Only these applicants (a granted request, under its rule); otherwise every one due. */
  only?: readonly Erasable[]
  /** Vacuum the touched tables afterwards (the runs do; a granted request leaves it to them). */
  vacuum?: boolean
  /** After each batch commits: for progress lines. */
  progress?: (erased: number, total: number) => void
}

type Erasable = Omit<DueApplicant, 'rule'> & { rule: RetentionRule }

export type RunResult = {
  runId: number
  dryRun: boolean
  due: Erasable[]
  held: { applicantId: string; holds: HoldView[] }[]
  erased: { applicantId: string; rule: RetentionRule; counts: ErasedCounts }[]
  /** Records of erased applicants stored again with a name, erased at the run's start. */
  swept: number
}

const BATCH = 25
const PAUSE_MS = 50

/** The tables an erasure changes: vacuumed after a run that erased anything. */
const TOUCHED = [
  'history_records',
  'history_name_words',
  'cases',
  'case_events',
  'match_decisions',
  'decision_revocations',
  'match_reopenings',
  'notes',
  'notifications',
]

export async function runRetention(
  db: Kysely<Database>,
  settings: Pick<RetentionSettings, 'days' | 'sandboxDays'>,
  options: RunOptions,
): Promise<RunResult> {
  const now = new Date()
  const today = dayOf(now)
  await auditUnaudited(db, options.actor)
  const run = await db
    .insertInto('retention_runs')
    .values({ trigger: options.trigger, dry_run: options.dryRun, started_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  const result: RunResult = {
    runId: run.id,
    dryRun: options.dryRun,
    due: [],
    held: [],
    erased: [],
    swept: 0,
  }
  try {
    // A whole run's first step; a granted request erases its one applicant and leaves it to them.
    if (!options.dryRun && !options.only) {
      result.swept = await db.transaction().execute(sweepTombstoned)
    }
    result.due = options.only ? [...options.only] : await dueApplicants(db, settings, today)
    const holds = await holdsOf(
      db,
      result.due.map((due) => due.applicantId),
      today,
    )
    result.held = [...holds].map(([applicantId, found]) => ({ applicantId, holds: found }))
    const free = result.due.filter((due) => !holds.has(due.applicantId))
    await db
      .updateTable('retention_runs')
      .set({ due: result.due.length, held: result.held.length })
      .where('id', '=', run.id)
      .execute()
    if (!options.dryRun) {
      const size = options.batchSize ?? BATCH
      for (let at = 0; at < free.length; at += size) {
        const batch = free.slice(at, at + size)
        const erased = await db.transaction().execute(async (trx) => {
          const stillHeld = await holdsOf(
            trx,
            batch.map((due) => due.applicantId),
            today,
          )
          const done: RunResult['erased'] = []
          for (const due of batch) {
            if (stillHeld.has(due.applicantId)) continue
            const counts = await eraseApplicant(trx, due.applicantId, due.rule, run.id, now)
            if (counts) done.push({ applicantId: due.applicantId, rule: due.rule, counts })
          }
          return done
        })
        await auditErased(db, options.actor, erased, run.id, options.trigger)
        result.erased.push(...erased)
        await db
          .updateTable('retention_runs')
          .set((eb) => ({ erased: eb('erased', '+', erased.length) }))
          .where('id', '=', run.id)
          .execute()
        options.progress?.(result.erased.length, free.length)
        if (at + size < free.length) await sleep(options.pauseMs ?? PAUSE_MS)
      }
      // Dead row versions of the erased values are marked free for reuse, and the planner's
      // statistics follow the emptied columns.
      if (result.erased.length > 0 && options.vacuum !== false)
        await sql.raw(`vacuum (analyze) ${TOUCHED.join(', ')}`).execute(db)
    }
    await db
      .updateTable('retention_runs')
      .set({ finished_at: new Date() })
      .where('id', '=', run.id)
      .execute()
    return result
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    await db
      .updateTable('retention_runs')
      .set({ finished_at: new Date(), error: message.slice(0, 500) })
      .where('id', '=', run.id)
      .execute()
      .catch(() => undefined)
    throw error
  }
}

/** One audit row per applicant erased: never a value erased, only what and how many. */
async function auditErased(
  db: Kysely<Database>,
  actor: Viewer,
  erased: readonly { applicantId: string; rule: string; counts: Record<string, number> }[],
  runId: number | null,
  trigger: RunTrigger | 'resumed',
) {
  if (erased.length === 0) return
  await auditWork(
    actor,
    'retention',
    erased.map(({ applicantId, rule, counts }) => ({
      resource: { type: 'applicant', id: applicantId },
      outcome: 'ok',
      field: 'erase',
      reason: `rule ${rule}; run ${runId ?? '-'} (${trigger}); rows ${Object.entries(counts)
        .map(([kind, rows]) => `${kind}=${rows}`)
        .join(' ')}`,
    })),
  )
  await db
    .updateTable('retention_erased')
    .set({ audited: true })
    .where(
      'applicant_id',
      'in',
      erased.map((one) => one.applicantId),
    )
    .execute()
}

/** Tombstones committed whose audit rows were not written (the process stopped in between). */
async function auditUnaudited(db: Kysely<Database>, actor: Viewer) {
  const pending = await db
    .selectFrom('retention_erased')
    .select(['applicant_id', 'rule', 'counts', 'run_id'])
    .where('audited', '=', false)
    .execute()
  for (let at = 0; at < pending.length; at += 500) {
    const chunk = pending.slice(at, at + 500)
    await auditErased(
      db,
      actor,
      chunk.map((row) => ({ applicantId: row.applicant_id, rule: row.rule, counts: row.counts })),
      chunk[0]?.run_id ?? null,
      'resumed',
    )
  }
}

/** The newest runs, for /retention. */
export async function pastRuns(db: Kysely<Database>, limit = 20) {
  return db.selectFrom('retention_runs').selectAll().orderBy('id', 'desc').limit(limit).execute()
}
