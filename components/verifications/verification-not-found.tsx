import { IntentLink } from '@/components/ui/intent-link'
import { homePath } from '@/lib/routes'

export function VerificationNotFound() {
  return (
    <div className="max-w-xl space-y-2">
      <h1 className="text-lg font-semibold">Verification not found</h1>
      <p className="text-sm text-muted">
        No verification has this short id. Short ids look like{' '}
        <code className="font-mono text-xs">VF57124F182867E0</code>; check the ticket for a typo, or
        paste the whole verification URL into the search box above.
      </p>
      <IntentLink href={homePath} className="text-sm text-link hover:underline">
        Back to the start page
      </IntentLink>
    </div>
  )
}
