import 'server-only'

import { Suspense, type ReactNode } from 'react'

import { IntentLink } from '@/components/ui/intent-link'
import { NoValue } from '@/components/ui/no-value'
import { profilePath } from '@/lib/routes'

/**
 * The profile by name, streamed in once the server has read it (the browser is sent the name,
 * not the profile). A profile id that is not a UUID ("default" in the provider's docs) cannot be
 * read, and a missing profile is no reason to fail this page: both show the id.
 */
export function ProfileLink({
  profileId,
  name,
}: {
  profileId: string | null | undefined
  name: Promise<string | null> | null
}) {
  const id = profileId ?? ''
  if (!id) return <NoValue />
  if (!name) return <code className="font-mono text-xs">{id}</code>
  const shortened = <code className="font-mono text-xs">{id.slice(0, 8)}…</code>
  return (
    <IntentLink
      href={profilePath(id)}
      title={id}
      className="text-link underline-offset-2 hover:underline"
    >
      <Suspense fallback={shortened}>
        <Name name={name} fallback={shortened} />
      </Suspense>
    </IntentLink>
  )
}

async function Name({ name, fallback }: { name: Promise<string | null>; fallback: ReactNode }) {
  return (await name) ?? fallback
}
