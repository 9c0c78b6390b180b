import 'server-only'

import type { Kysely } from 'kysely'

import { audit } from '@/lib/audit/record'
import { requireViewer } from '@/lib/auth/session'
import { actorOf } from '@/lib/cases/settings'
import type { Database } from '@/lib/store/schema'
import { getStore } from '@/lib/store/store'

import { addDays, applicantFacts, clockOf, dayOf, dueApplicants, type DueApplicant } from './clock'
import type { ApplicantRetention, ErasureRequestView, HoldView } from './contract'
import { holdsOf, openLegalHolds } from './holds'
import { pastRuns } from './run'
import { retentionSettings } from './settings'

/* What the applicant page and /retention show of retention, read from the store. */

export async function applicantRetention(
  db: Kysely<Database>,
  applicantId: string,
  canManage: boolean,
): Promise<ApplicantRetention> {
  const settings = retentionSettings()
  const today = dayOf(new Date())
  const [facts, erased, relationship, holdRows, requests] = await Promise.all([
    applicantFacts(db, applicantId),
    db
      .selectFrom('retention_erased')
      .selectAll()
      .where('applicant_id', '=', applicantId)
      .executeTakeFirst(),
    db
      .selectFrom('retention_relationships')
      .selectAll()
      .where('applicant_id', '=', applicantId)
      .executeTakeFirst(),
    db
      .selectFrom('retention_holds')
      .selectAll()
      .where('applicant_id', '=', applicantId)
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('retention_requests')
      .selectAll()
      .where('applicant_id', '=', applicantId)
      .orderBy('id', 'desc')
      .execute(),
  ])
  const held = erased ? [] : ((await holdsOf(db, [applicantId], today)).get(applicantId) ?? [])
  // A report to the FIU is confidential (tipping-off rules): only leads see that one holds.
  const holds = canManage ? held : held.filter((hold) => hold.kind !== 'fiu_report')
  return {
    clock: erased
      ? { state: 'erased', rule: erased.rule, erasedOn: dayOf(erased.erased_at) }
      : clockOf(facts, settings, today),
    relationship: relationship
      ? {
          endedOn: relationship.ended_on,
          reason: relationship.reason,
          by: relationship.user_label,
          at: relationship.at.toISOString(),
        }
      : null,
    holds,
    liftedHolds: holdRows.flatMap((row) =>
      row.lifted_at
        ? [
            {
              kind: 'legal_hold',
              detail: row.reason,
              holdId: row.id,
              since: row.placed_at.toISOString(),
              until: row.until,
              by: row.placed_by,
              liftedAt: row.lifted_at.toISOString(),
              liftedBy: row.lifted_by ?? '',
              liftReason: row.lift_reason ?? '',
            },
          ]
        : [],
    ),
    requests: requests.map(requestView),
    erasedCounts: erased ? erased.counts : null,
    canManage: canManage && !erased,
    retentionDays: settings.days,
  }
}

function requestView(row: {
  id: number
  reason: string
  outcome: 'granted' | 'refused'
  possible_on: string | null
  user_label: string
  at: Date
}): ErasureRequestView {
  return {
    id: row.id,
    reason: row.reason,
    outcome: row.outcome,
    possibleOn: row.possible_on,
    by: row.user_label,
    at: row.at.toISOString(),
  }
}

/** The applicant page's part, for the signed-in viewer (audited as a view of its retention). */
export async function applicantRetentionForViewer(applicantId: string) {
  const viewer = await requireViewer()
  await audit(viewer, 'view', { type: 'applicant', id: applicantId }, 'ok', 'retention')
  const { db } = await getStore()
  return applicantRetention(db, applicantId, actorOf(viewer).lead)
}

/** Days ahead /retention lists as coming due. */
export const DUE_SOON_DAYS = 30
const LISTED = 200

export type RetentionOverview = {
  today: string
  settings: { days: number; sandboxDays: number; runAt: string; job: boolean }
  due: (DueApplicant & { holds: HoldView[]; dueNow: boolean })[]
  /** More than LISTED were due: the list is cut. */
  dueMore: boolean
  holds: {
    id: number
    applicantId: string
    reason: string
    until: string | null
    by: string
    since: string
  }[]
  requests: (ErasureRequestView & { applicantId: string })[]
  runs: {
    id: number
    trigger: string
    dryRun: boolean
    startedAt: string
    finishedAt: string | null
    due: number
    held: number
    erased: number
    error: string | null
  }[]
  erasedTotal: number
}

/** /retention, for leads only: anyone else is answered 404 by the page. */
export async function retentionOverviewForViewer(): Promise<RetentionOverview | null> {
  const viewer = await requireViewer()
  if (!actorOf(viewer).lead) {
    await audit(viewer, 'view', { type: 'retention', id: null }, 'refused')
    return null
  }
  await audit(viewer, 'view', { type: 'retention', id: null }, 'ok')
  const { db } = await getStore()
  return retentionOverview(db)
}

export async function retentionOverview(db: Kysely<Database>): Promise<RetentionOverview> {
  const settings = retentionSettings()
  const today = dayOf(new Date())
  const [due, holds, requests, runs, erased] = await Promise.all([
    dueApplicants(db, settings, addDays(today, DUE_SOON_DAYS + 1), LISTED + 1),
    openLegalHolds(db, today),
    db.selectFrom('retention_requests').selectAll().orderBy('id', 'desc').limit(50).execute(),
    pastRuns(db),
    db
      .selectFrom('retention_erased')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ])
  const listed = due.slice(0, LISTED)
  const held = await holdsOf(
    db,
    listed.map((one) => one.applicantId),
    today,
  )
  return {
    today,
    settings: {
      days: settings.days,
      sandboxDays: settings.sandboxDays,
      runAt: settings.runAt,
      job: settings.job,
    },
    due: listed.map((one) => ({
      ...one,
      holds: held.get(one.applicantId) ?? [],
      dueNow: one.keptUntil < today,
    })),
    dueMore: due.length > LISTED,
    holds: holds.map((row) => ({
      id: row.id,
      applicantId: row.applicant_id,
      reason: row.reason,
      until: row.until,
      by: row.placed_by,
      since: row.placed_at.toISOString(),
    })),
    requests: requests.map((row) => ({ ...requestView(row), applicantId: row.applicant_id })),
    runs: runs.map((row) => ({
      id: row.id,
      trigger: row.trigger,
      dryRun: row.dry_run,
      startedAt: row.started_at.toISOString(),
      finishedAt: row.finished_at?.toISOString() ?? null,
      due: row.due,
      held: row.held,
      erased: row.erased,
      error: row.error,
    })),
    erasedTotal: Number(erased.count),
  }
}
