'use client'

import { IntentLink } from '@/components/ui/intent-link'

import { ProfileDetail } from '@/components/profiles/profile-detail'
import { ProfileDetailSkeleton } from '@/components/profiles/profile-detail-skeleton'
import { ProfileNotFound } from '@/components/profiles/profile-not-found'
import { ErrorState } from '@/components/ui/error-state'
import { isApiError } from '@/lib/queries/api-fetch'
import { useProfile } from '@/lib/queries/profiles'
import { profilesPath } from '@/lib/routes'

export function ProfileDetailPage({ profileId }: { profileId: string }) {
  const { data, isPending, isError, error, refetch } = useProfile(profileId)
  return (
    <div className="space-y-3">
      <IntentLink
        href={profilesPath}
        className="text-sm text-blue-700 hover:underline dark:text-blue-300"
      >
        ← Profiles
      </IntentLink>
      {isPending ? (
        <ProfileDetailSkeleton />
      ) : isError ? (
        isApiError(error) && error.kind === 'not_found' ? (
          <ProfileNotFound />
        ) : (
          <ErrorState error={error} what="this profile" onRetry={() => void refetch()} />
        )
      ) : (
        <ProfileDetail profile={data} />
      )}
    </div>
  )
}
