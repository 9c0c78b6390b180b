import type { Metadata } from 'next'

import { ActivityPanel } from '@/components/activity/activity-panel'
import { CasePanel } from '@/components/cases/case-panel'
import { NotesPanel } from '@/components/notes/notes-panel'
import { VerificationScreen } from '@/components/verifications/verification-page'
import { loadRecordActivity } from '@/lib/audit/activity-loads'
import { loadCaseFor } from '@/lib/cases/service'
import { loadNotes } from '@/lib/notes/notes'
import { verificationPath } from '@/lib/routes'
import { isShortId } from '@/lib/util/ids'
import { loadVerificationPage } from '@/lib/verifications/load-page'

export async function generateMetadata({
  params,
}: PageProps<'/verifications/[short_id]'>): Promise<Metadata> {
  const { short_id } = await params
  return { title: isShortId(short_id) ? `${short_id} · Verification` : 'Verification' }
}

export default async function VerificationPage({ params }: PageProps<'/verifications/[short_id]'>) {
  const { short_id: shortId } = await params
  const load = await loadVerificationPage(shortId)
  const resource = { type: 'verification', id: shortId } as const
  return (
    <>
      <VerificationScreen shortId={shortId} load={load} retryHref={verificationPath(shortId)} />
      <CasePanel detail={loadCaseFor('verification', shortId)} />
      <NotesPanel resource={resource} notes={loadNotes(resource)} />
      <ActivityPanel resource={resource} activity={loadRecordActivity(resource)} />
    </>
  )
}
