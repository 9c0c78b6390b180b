import 'server-only'

import { ProblemError } from '@/lib/api/problem-error'
import { audit } from '@/lib/audit/record'
import { requireViewer } from '@/lib/auth/session'
import { actorOf } from '@/lib/cases/settings'
import { getEnv } from '@/lib/env'
import { getStore } from '@/lib/store/store'

import type { QaRule } from './draw'
import { drawQa, qaDraws, recordQaResult } from './draws'
import type { QaData, QaPeriod, QaResultRequest } from './requests'

/* What the QA page and routes call: the signed-in viewer and the process's store. */

export function qaRule(): QaRule {
  const env = getEnv()
  return { percent: env.QA_SAMPLE_PERCENT, newAnalystDays: env.QA_NEW_ANALYST_DAYS }
}

function leadsAndAuditors() {
  return new ProblemError(
    403,
    'lead_only',
    'For leads and auditors only',
    'QA is read by leads and auditors.',
  )
}

/** The draws of a period with their cases and results: leads and auditors, audited as a view. */
export async function loadQa(period: QaPeriod): Promise<QaData> {
  const viewer = await requireViewer()
  const actor = actorOf(viewer)
  const resource = { type: 'qa', id: `${period.from}/${period.to}` }
  if (!actor.lead && !actor.auditor) {
    await audit(viewer, 'view', resource, 'denied')
    throw leadsAndAuditors()
  }
  await audit(viewer, 'view', resource, 'ok')
  const { db } = await getStore()
  return {
    period,
    draws: await qaDraws(db, period),
    viewer: { id: actor.id, lead: actor.lead, auditor: actor.auditor === true },
  }
}

/** A lead draws the QA sample of a period on demand. */
export async function drawOnDemand(period: QaPeriod): Promise<{ id: number | null }> {
  const viewer = await requireViewer()
  if (!actorOf(viewer).lead) {
    await audit(viewer, 'qa', { type: 'qa_draw', id: `${period.from}/${period.to}` }, 'denied')
    throw new ProblemError(403, 'lead_only', 'For leads only', 'Only a lead draws a QA sample.')
  }
  const { db } = await getStore()
  return { id: await drawQa(db, viewer, period, 'on_demand', qaRule()) }
}

export async function recordResult(input: QaResultRequest) {
  const viewer = await requireViewer()
  const { db } = await getStore()
  return recordQaResult(db, viewer, input)
}
