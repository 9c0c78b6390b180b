import { IntentLink } from '@/components/ui/intent-link'
import { homePath } from '@/lib/routes'

export default function NotFound() {
  return (
    <div className="max-w-xl space-y-2">
      <h1 className="text-lg font-semibold">Not found</h1>
      <p className="text-sm text-muted">
        There is no record at this address. Check the id, or paste it into the search box above.
      </p>
      <IntentLink href={homePath} className="text-sm text-link hover:underline">
        Back to the start page
      </IntentLink>
    </div>
  )
}
