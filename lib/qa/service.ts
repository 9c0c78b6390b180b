import 'server-only'

import { ProblemError } from '@/lib/api/problem-error'
import { audit } from '@/lib/audit/record'
import { requireViewer } from '@/lib/auth/session'
import { actorOf } from '@/lib/cases/settings'
import { getEnv } from '@/lib/env'
import { getStore } from '@/lib/store/store'

import type { QaRule } from './draw'
import { drawQa, qaDraws, recordQaResult } from './draws'
import { qaPeriod, type QaData, type QaPeriod, type QaResultRequest } from './requests'

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

const DAY = 86_400_000

/**
 * The /qa page's read: the period in its URL (the last 28 days when none or a bad one), null for a
 * viewer who neither leads nor audits (the page says so; the read is audited either way).
 */
export async function loadQaPage(
  search: Record<string, string | string[] | undefined>,
): Promise<QaData | null> {
  const today = new Date().toISOString().slice(0, 10)
  const parsed = qaPeriod.safeParse({ from: search.from, to: search.to })
  const period = parsed.success
    ? parsed.data
    : { from: new Date(Date.now() - 27 * DAY).toISOString().slice(0, 10), to: today }
  try {
    return await loadQa(period)
  } catch (error) {
    if (error instanceof ProblemError && error.status === 403) return null
    throw error
  }
}
