import { EmptyState } from '@/components/ui/empty-state'
import { IntentLink } from '@/components/ui/intent-link'
import { type ProfileListParams } from '@/lib/profiles/list-params'
import { profileListPath } from '@/lib/routes'

/** An empty page: either there are no profiles at all, or the URL asks for a page past the end. */
export function ProfilesEmpty({ page, limit }: ProfileListParams) {
  if (page <= 1) {
    return (
      <EmptyState title="No verification profiles">
        The service has no profiles for this account yet.
      </EmptyState>
    )
  }
  return (
    <EmptyState title={`Page ${page} is past the end of the list`}>
      <p>There are no profiles this far in.</p>
      <IntentLink
        href={profileListPath({ page: 1, limit })}
        className="mt-2 inline-block text-link hover:underline"
      >
        Go to the first page
      </IntentLink>
    </EmptyState>
  )
}
