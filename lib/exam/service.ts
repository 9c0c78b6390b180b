import 'server-only'

import { Readable } from 'node:stream'

import { ProblemError } from '@/lib/api/problem-error'
import { appAuditKey, sealAppTrail } from '@/lib/audit/app-trail'
import { audit } from '@/lib/audit/record'
import { rolesOf } from '@/lib/auth/roles'
import { requireViewer } from '@/lib/auth/session'
import { analystId, viewerLabel, type Viewer } from '@/lib/auth/viewer'
import { getEnv } from '@/lib/env'
import { appSigningKey } from '@/lib/evidence/app-signing-key'
import { getStore } from '@/lib/store/store'

import { examPack } from './build'
import type { ExamPackRequest, ExamPageData } from './request'
import { settingsInForce } from './settings'

/*
 * The exam pack as the route and the /exam page ask for it: leads and auditors only, an auditor's
 * masked only; audited as an export before a byte is sent (docs/exam.md).
 */

/** Whether the viewer may make exam packs, and of unmasked data; refusals are audited. */
export async function mayMakeExamPack(
  viewer: Viewer,
  request: Pick<ExamPackRequest, 'from' | 'to' | 'data'>,
) {
  const { lead, auditor } = rolesOf(viewer)
  const resource = { type: 'exam_pack', id: `${request.from}/${request.to}` }
  if (!lead && !auditor) {
    await audit(viewer, 'export', resource, 'denied', `zip-${request.data}`)
    throw new ProblemError(
      403,
      'lead_only',
      'For leads and auditors only',
      'Only a lead or an auditor can make an exam pack.',
    )
  }
  if (request.data === 'unmasked' && !lead) {
    await audit(viewer, 'export', resource, 'denied', 'zip-unmasked')
    throw new ProblemError(
      403,
      'masked_only',
      'Masked data only',
      'An auditor makes exam packs of masked data only: applicants’ names and reasons’ words stay out.',
    )
  }
  return resource
}

export async function examPackResponse(request: ExamPackRequest): Promise<Response> {
  const viewer = await requireViewer()
  const resource = await mayMakeExamPack(viewer, request)
  await audit(viewer, 'export', resource, 'ok', `zip-${request.data}`)
  // The pack names trail rows by their place in the chain: what is committed is sealed first.
  await sealAppTrail()
  const [{ db }, signingKey] = await Promise.all([getStore(), appSigningKey()])
  const stream = examPack({
    db,
    auditKey: appAuditKey(),
    signingKey,
    from: request.from,
    to: request.to,
    masked: request.data === 'masked',
    seesReports: rolesOf(viewer).lead,
    madeBy: { label: viewerLabel(viewer), analystId: analystId(viewer) },
    settings: settingsInForce(getEnv()),
  })
  const name = `verity-exam-pack-${request.from}-${request.to}.zip`
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
    },
  })
}

/** The /exam page's read: audited as a view like every page. */
export async function loadExamPage(): Promise<ExamPageData> {
  const viewer = await requireViewer()
  await audit(viewer, 'view', { type: 'exam', id: null }, 'ok')
  const { lead, auditor } = rolesOf(viewer)
  return { mayMake: lead || auditor, mayUnmask: lead, auditor }
}
