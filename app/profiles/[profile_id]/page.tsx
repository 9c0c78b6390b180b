import type { Metadata } from 'next'

import { ActivityPanel } from '@/components/activity/activity-panel'
import { ProfileDetailPage } from '@/components/profiles/profile-detail-page'
import { loadRecordActivity } from '@/lib/audit/activity-loads'
import { loadProfilePage } from '@/lib/profiles/load-page'
import { isUuid } from '@/lib/util/ids'

export async function generateMetadata({
  params,
}: PageProps<'/profiles/[profile_id]'>): Promise<Metadata> {
  const { profile_id: id } = await params
  if (!isUuid(id)) return { title: 'Profile not found' }
  const load = await loadProfilePage(id)
  return { title: load.ok ? `${load.data.name || id} · Profile` : 'Profile' }
}

export default async function ProfilePage({ params }: PageProps<'/profiles/[profile_id]'>) {
  const { profile_id: id } = await params
  return (
    <>
      <ProfileDetailPage profileId={id} load={await loadProfilePage(id)} />
      <ActivityPanel
        resource={{ type: 'profile', id }}
        activity={loadRecordActivity({ type: 'profile', id })}
      />
    </>
  )
}
