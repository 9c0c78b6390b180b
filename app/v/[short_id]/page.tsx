import type { Metadata } from 'next'

import { ActivityPanel } from '@/components/activity/activity-panel'
import { NotesPanel } from '@/components/notes/notes-panel'
import { VerificationScreen } from '@/components/verifications/verification-page'
import { loadRecordActivity } from '@/lib/audit/activity-loads'
import { loadNotes } from '@/lib/notes/notes'
import { shortVerificationPath } from '@/lib/routes'
import { isShortId } from '@/lib/util/ids'
import { loadVerificationPage } from '@/lib/verifications/load-page'

// /v/{short_id}: the short form pasted into support tickets, the same page without a redirect, so
// an unknown id answers 404 here and the record is read once.
export async function generateMetadata({ params }: PageProps<'/v/[short_id]'>): Promise<Metadata> {
  const { short_id } = await params
  return { title: isShortId(short_id) ? `${short_id} · Verification` : 'Verification' }
}

export default async function ShortVerificationPage({ params }: PageProps<'/v/[short_id]'>) {
  const { short_id: shortId } = await params
  const load = await loadVerificationPage(shortId)
  const resource = { type: 'verification', id: shortId } as const
  return (
    <>
      <VerificationScreen
        shortId={shortId}
        load={load}
        retryHref={shortVerificationPath(shortId)}
      />
      <NotesPanel resource={resource} notes={loadNotes(resource)} />
      <ActivityPanel resource={resource} activity={loadRecordActivity(resource)} />
    </>
  )
}
