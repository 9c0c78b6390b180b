import { IntentLink } from '@/components/ui/intent-link'
import { WebhookHistoryHeader } from '@/components/webhooks/webhook-history-header'
import { WebhookIdForm } from '@/components/webhooks/webhook-id-form'
import { webhooksPath } from '@/lib/routes'

/** A `webhook_id` in the address that cannot be a configuration id; nothing was asked upstream. */
export function MalformedWebhookFilter({ value }: { value: string }) {
  return (
    <div className="space-y-4">
      <WebhookHistoryHeader />
      <div
        role="alert"
        className="max-w-2xl rounded-md border border-amber-300 bg-amber-50 p-4 text-sm dark:border-amber-800 dark:bg-amber-950/40"
      >
        <p className="font-medium text-amber-950 dark:text-amber-100">
          This address filters by a webhook id that is not valid
        </p>
        <p className="mt-1 break-all text-amber-900 dark:text-amber-200">
          “{value.slice(0, 200)}” is not a webhook configuration id. Ids are UUIDs: 32 hexadecimal
          digits in groups of 8-4-4-4-12.
        </p>
        <IntentLink
          href={webhooksPath()}
          className="mt-3 inline-block font-medium text-link hover:underline"
        >
          Show the whole history
        </IntentLink>
      </div>
      <WebhookIdForm />
    </div>
  )
}
