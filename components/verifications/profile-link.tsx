'use client'

import { IntentLink } from '@/components/ui/intent-link'
import { NoValue } from '@/components/ui/no-value'
import { isUuid } from '@/lib/ids'
import { useProfile } from '@/lib/queries/profiles'
import { profilePath } from '@/lib/routes'

/**
 * The profile by name once loaded. A profile id that is not a UUID ("default" in the provider's
 * docs) cannot be fetched, and a missing profile is no reason to fail this page: both show the id.
 */
export function ProfileLink({ profileId }: { profileId: string | null | undefined }) {
  const id = profileId ?? ''
  const fetchable = isUuid(id)
  const { data } = useProfile(id, { enabled: fetchable })
  if (!id) return <NoValue />
  if (!fetchable) return <code className="font-mono text-xs">{id}</code>
  return (
    <IntentLink
      href={profilePath(id)}
      title={id}
      className="text-blue-700 underline-offset-2 hover:underline dark:text-blue-300"
    >
      {data?.name ?? <code className="font-mono text-xs">{id.slice(0, 8)}…</code>}
    </IntentLink>
  )
}
