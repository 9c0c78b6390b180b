import { IntentLink } from '@/components/ui/intent-link'
import { homePath } from '@/lib/routes'

export default function AmlReportNotFound() {
  return (
    <div className="max-w-xl space-y-2">
      <h1 className="text-lg font-semibold">AML report not found</h1>
      <p className="text-sm text-muted">
        The screening service has no stored search with this id. Check the search id, which is a
        UUID such as the one in an AML_SCREENING webhook.
      </p>
      <IntentLink href={homePath} className="text-sm text-link hover:underline">
        Back to the start page
      </IntentLink>
    </div>
  )
}
