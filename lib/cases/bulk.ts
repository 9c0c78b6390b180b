import 'server-only'

import type { Kysely } from 'kysely'

import { isReason } from '@/lib/api/free-text'
import { ProblemError } from '@/lib/api/problem-error'
import type { Viewer } from '@/lib/auth/viewer'
import type { Database } from '@/lib/store/schema'

import { actOnCase } from './actions'
import {
  CASE_REASON_MAX,
  CASE_REASON_MIN,
  type BulkRequest,
  type BulkResult,
  type CaseAction,
} from './requests'

function badBulk(detail: string) {
  return new ProblemError(400, 'bad_bulk', 'Bad bulk action', detail)
}

/** The one action a bulk request applies to each case. */
function actionOf(request: BulkRequest): CaseAction {
  switch (request.action) {
    case 'assign':
      if (!request.analystId) throw badBulk('Choose the analyst to assign the cases to.')
      return { action: 'assign', analystId: request.analystId }
    case 'release':
      return { action: 'release' }
    case 'close_false_positive': {
      // The reason's characters were checked with the request (lib/cases/requests.ts).
      const reason = request.reason ?? ''
      if (!isReason(reason)) {
        throw badBulk(
          `Give one reason of ${CASE_REASON_MIN} to ${CASE_REASON_MAX} characters of visible text for closing.`,
        )
      }
      return { action: 'close', outcome: 'false_positive', reason }
    }
  }
}

/**
 * Applies one action to several cases, each checked on its own as if done alone (and audited
 * alone); the answer says for each case whether it was done and, if not, why.
 */
export async function bulkAct(
  db: Kysely<Database>,
  viewer: Viewer,
  request: BulkRequest,
): Promise<{ results: BulkResult[] }> {
  const action = actionOf(request)
  const results: BulkResult[] = []
  for (const id of [...new Set(request.ids)]) {
    try {
      const kase = await actOnCase(db, viewer, id, action)
      const detail =
        kase.state === 'awaiting_closure' ? 'Awaiting a lead to confirm closing' : 'Done'
      results.push({ id, ok: true, detail })
    } catch (error) {
      if (!(error instanceof ProblemError)) throw error
      results.push({ id, ok: false, detail: error.detail })
    }
  }
  return { results }
}
