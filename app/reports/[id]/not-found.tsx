import { IntentLink } from '@/components/ui/intent-link'
import { reportsPath } from '@/lib/routes'

export default function ReportNotFound() {
  return (
    <div className="max-w-xl space-y-2">
      <h1 className="text-lg font-semibold">Not found</h1>
      <p className="text-sm text-muted">There is no report at this address.</p>
      <IntentLink href={reportsPath()} className="text-sm text-link hover:underline">
        Back to the reports
      </IntentLink>
    </div>
  )
}
