import 'server-only'

import { ProblemError } from '@/lib/api/problem-error'
import { AuthRequiredError } from '@/lib/auth/errors'
import { getViewer } from '@/lib/auth/session'
import type { Viewer } from '@/lib/auth/viewer'
import { getStore } from '@/lib/store/store'

import { actOnCase } from './actions'
import { bulkAct } from './bulk'
import { caseViewCounts, listCases, ownerLoads } from './list'
import { caseEvents, caseRow, caseRowFor, knownAnalysts, summaryOf } from './read'
import type { BulkRequest, CaseAction } from './requests'
import { actorOf } from './settings'
import { takeNext } from './take-next'
import type { CaseDetail, CaseSummary, QueueData } from './types'
import type { CaseListParams } from './views'

/* What the case pages and routes call: the signed-in viewer and the process's store. */

async function viewerOrThrow(): Promise<Viewer> {
  const viewer = await getViewer()
  if (!viewer) throw new AuthRequiredError()
  return viewer
}

export async function loadQueue(params: CaseListParams): Promise<QueueData> {
  const viewer = await viewerOrThrow()
  const actor = actorOf(viewer)
  const { db } = await getStore()
  const [list, loads, analysts] = await Promise.all([
    listCases(db, actor.id, params),
    actor.lead ? ownerLoads(db) : null,
    actor.lead ? knownAnalysts(db) : [],
  ])
  return { ...list, viewer: actor, loads, analysts }
}

/** The case views' counts, for the navigation above the records queue. */
export async function loadCaseCounts() {
  const viewer = await viewerOrThrow()
  const { db } = await getStore()
  return caseViewCounts(db, actorOf(viewer).id)
}

async function detailOf(row: Awaited<ReturnType<typeof caseRow>>): Promise<CaseDetail | null> {
  if (!row) return null
  const viewer = await viewerOrThrow()
  const actor = actorOf(viewer)
  const { db } = await getStore()
  const [events, analysts] = await Promise.all([
    caseEvents(db, row.id),
    actor.lead ? knownAnalysts(db) : [],
  ])
  return { kase: summaryOf(row), events, viewer: actor, analysts }
}

export async function loadCase(id: number): Promise<CaseDetail | null> {
  const { db } = await getStore()
  return detailOf(await caseRow(db, id))
}

/** The case panel of an AML report or verification page; null when it has no case. */
export async function loadCaseFor(
  type: 'aml_search' | 'verification',
  id: string,
): Promise<CaseDetail | null> {
  const { db } = await getStore()
  return detailOf(await caseRowFor(db, type, id))
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
