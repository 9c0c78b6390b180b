import 'server-only'

import { InOrLaterPart } from '@/components/ui/in-or-later'
import { IntentLink } from '@/components/ui/intent-link'
import { NoValue } from '@/components/ui/no-value'
import { profilePath } from '@/lib/routes'
import type { InOrLater } from '@/lib/util/settled'

/**
 * The profile by name, in place or streamed in once the server has read it (the browser is sent
 * the name, not the profile). A profile id that is not a UUID ("default" in the provider's docs)
 * cannot be read, and a missing profile is no reason to fail this page: both show the id.
 */
export function ProfileLink({
  profileId,
  name,
}: {
  profileId: string | null | undefined
  name: InOrLater<string | null> | null
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
      <InOrLaterPart part={name} fallback={shortened}>
        {(value) => value ?? shortened}
      </InOrLaterPart>
    </IntentLink>
  )
}
