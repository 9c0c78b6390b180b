import 'server-only'

import { redirect } from 'next/navigation'

import { audit } from '@/lib/audit/record'
import { getViewer } from '@/lib/auth/session'
import { readMirrorStatus, type MirrorStatus } from '@/lib/history-mirror/status'
import type { ApplicantRetention } from '@/lib/retention/contract'
import { applicantRetentionForViewer } from '@/lib/retention/views'
import { standingForViewer, type StandingDecision } from '@/lib/review/standing/service'
import { signInPath } from '@/lib/routes'
import { getStore } from '@/lib/store/store'

import { applicantHistory, type ApplicantHistory } from './history'

export async function loadApplicantPage(applicantId: string): Promise<{
  history: ApplicantHistory
  mirror: MirrorStatus
  standing: StandingDecision[]
  canRevoke: boolean
  retention: ApplicantRetention
}> {
  const viewer = await getViewer()
  if (!viewer) redirect(signInPath)
  await audit(viewer, 'view', { type: 'applicant', id: applicantId }, 'ok')
  const { db } = await getStore()
  const [history, mirror, { standing, canRevoke }, retention] = await Promise.all([
    applicantHistory(db, applicantId),
    readMirrorStatus(),
    standingForViewer(applicantId),
    applicantRetentionForViewer(applicantId),
  ])
  return { history, mirror, standing, canRevoke, retention }
}
