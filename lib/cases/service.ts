import 'server-only'

import { ProblemError } from '@/lib/api/problem-error'
import { audit, auditRead } from '@/lib/audit/record'
import { AuthRequiredError } from '@/lib/auth/errors'
import { getViewer } from '@/lib/auth/session'
import type { Viewer } from '@/lib/auth/viewer'
import { readMirrorStatus } from '@/lib/history-mirror/status'
import { casePath } from '@/lib/routes'
import { getStore } from '@/lib/store/store'

import { actOnCase } from './actions'
import { bulkAct } from './bulk'
import { listCases, ownerLoads } from './list'
import { isAway, setAway } from './presence'
import { caseEvents, caseRow, caseRowFor, knownAnalysts, listColumns, summaryOf } from './read'
import type { BulkRequest, CaseAction } from './requests'
import type { CaseKind } from './rules'
import { actorOf, autoAssignSettings } from './settings'
import { takeNext } from './take-next'
import type { CaseDetail, CaseSummary, QueueData, Undecided } from './types'
import {
  CASE_VIEWS,
  caseListParams,
  queueHref,
  type CaseListParams,
  type CaseViewName,
} from './views'

/* What the case pages and routes call: the signed-in viewer and the process's store. */

async function viewerOrThrow(): Promise<Viewer> {
  const viewer = await getViewer()
  if (!viewer) throw new AuthRequiredError()
  return viewer
}

/**
 * A page of a case view (`/queue?view=…`, `/api/cases`): audited as a view of the queue with its
 * filters before anything is read. The owner filter is a lead's
 * (docs/cases.md): an analyst sees others' work only through the views every analyst has.
 */
export async function loadQueue(params: CaseListParams): Promise<QueueData> {
  const viewer = await viewerOrThrow()
  const actor = actorOf(viewer)
  // An auditor reads what a lead reads (lib/auth/roles.ts).
  const readsAll = actor.lead || actor.auditor === true
  const resource = { type: 'queue', id: queueHref(params).replace(/^\/queue\??/, '') || null }
  if (params.owner && !readsAll) {
    await audit(viewer, 'view', resource, 'denied')
    throw new ProblemError(
      403,
      'lead_only',
      'For leads only',
      'Only a lead can filter the cases by owner.',
    )
  }
  await audit(viewer, 'view', resource, 'ok')
  const { db } = await getStore()
  const [list, loads, analysts, away] = await Promise.all([
    listCases(db, actor.id, params),
    readsAll ? ownerLoads(db, autoAssignSettings().activeHours) : null,
    actor.lead ? knownAnalysts(db) : [],
    isAway(db, actor.id),
  ])
  return { ...list, viewer: actor, loads, analysts, away }
}

/**
 * The home page's look at the queue: the first open screening cases and failed verification cases
 * as the queue's open view lists them (soonest due first), with how many there are of each, so the
 * home page and the queue count the same work. Audited as a view of the queue.
 */
export async function loadOpenWork(shown: number) {
  const viewer = await viewerOrThrow()
  await audit(viewer, 'view', { type: 'queue', id: 'summary' }, 'ok')
  const { db } = await getStore()
  const me = actorOf(viewer).id
  const now = new Date()
  const open = (kind: CaseKind) => listCases(db, me, caseListParams.parse({ kind }), now, shown)
  const [screenings, failed, mirror] = await Promise.all([
    open('screening'),
    open('failed_verification'),
    readMirrorStatus(),
  ])
  return { screenings, failed, mirror }
}

export type OpenWork = Awaited<ReturnType<typeof loadOpenWork>>

/**
 * A case with its event log (applicant's name, analysts' reasons): every read of one leaves a view
 * row, once per request however often the request reads it (the page and its panels).
 */
async function detailOf(row: Awaited<ReturnType<typeof caseRow>>): Promise<CaseDetail | null> {
  if (!row) return null
  const viewer = await viewerOrThrow()
  await auditRead(viewer, { type: 'case', id: String(row.id) })
  const actor = actorOf(viewer)
  const { db } = await getStore()
  const [events, analysts] = await Promise.all([
    caseEvents(db, row.id, actor),
    actor.lead ? knownAnalysts(db) : [],
  ])
  return { kase: summaryOf(row), events, viewer: actor, analysts }
}

export async function loadCase(id: number): Promise<CaseDetail | null> {
  const viewer = await viewerOrThrow()
  const { db } = await getStore()
  const row = await caseRow(db, id)
  if (!row) await audit(viewer, 'view', { type: 'case', id: String(id) }, 'not_found')
  return detailOf(row)
}

/** The case panel of an AML report or verification page; null when it has no case. */
export async function loadCaseFor(
  type: 'aml_search' | 'verification',
  id: string,
): Promise<CaseDetail | null> {
  const { db } = await getStore()
  return detailOf(await caseRowFor(db, type, id))
}

/** A screening case's undecided matches (the close form's), as the queue counts them; null otherwise. */
export async function loadUndecided(id: number): Promise<Undecided | null> {
  const { db } = await getStore()
  const row = await db
    .selectFrom('cases')
    .select(listColumns)
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row || row.matches === null) return null
  const reviewed = row.reviewed ?? 0
  return {
    matches: row.matches,
    undecided: Math.max(row.matches - reviewed, 0),
    awaiting: row.awaiting ?? 0,
  }
}

export async function caseForApi(id: number): Promise<CaseDetail> {
  const detail = await loadCase(id)
  if (!detail)
    throw new ProblemError(404, 'no_case', 'No such case', 'There is no case with this id.')
  return detail
}

export async function act(id: number, input: CaseAction): Promise<CaseSummary> {
  const viewer = await viewerOrThrow()
  const { db } = await getStore()
  return actOnCase(db, viewer, id, input)
}

export async function take(): Promise<CaseSummary> {
  const viewer = await viewerOrThrow()
  const { db } = await getStore()
  return takeNext(db, viewer)
}

export async function bulk(request: BulkRequest) {
  const viewer = await viewerOrThrow()
  const { db } = await getStore()
  return bulkAct(db, viewer, request)
}

/** The viewer marks themselves away or back. */
export async function markAway(away: boolean): Promise<void> {
  const viewer = await viewerOrThrow()
  const { db } = await getStore()
  await setAway(db, viewer, away)
}

/**
 * Take next from the queue's form: the path of the case taken, or back to the queue's view saying
 * that nothing is left.
 */
export async function takeFromForm(form: FormData): Promise<string> {
  try {
    return casePath((await take()).id)
  } catch (error) {
    if (!(error instanceof ProblemError) || error.status !== 409) throw error
    return queueHref({ view: viewOf(form), taken: 'none' })
  }
}

/** Away or back from the queue's form; back to the queue. */
export async function awayFromForm(form: FormData): Promise<string> {
  await markAway(form.get('away') === 'true')
  return queueHref({ view: viewOf(form) })
}

/** The queue view a form was sent from; none for the open view. */
function viewOf(form: FormData): CaseViewName | undefined {
  const view = form.get('view')
  return CASE_VIEWS.find((name) => name === view)
}
