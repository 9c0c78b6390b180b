import { dehydrate, HydrationBoundary } from '@tanstack/react-query'
import type { Metadata } from 'next'
import { cookies } from 'next/headers'

import { MalformedWebhookFilter } from '@/components/webhooks/malformed-webhook-filter'
import { WebhookHistory } from '@/components/webhooks/webhooks-page'
import { getQueryClient } from '@/lib/queries/query-client'
import { webhookHistoryQueryOptions } from '@/lib/queries/webhooks'
import { isUuid } from '@/lib/util/ids'
import { viewWebhookTimeline } from '@/lib/webhooks/views'
import { knownTimeZone, ZONE_COOKIE } from '@/lib/webhooks/zone-cookie'

export const metadata: Metadata = { title: 'Webhook history' }

export default async function WebhooksPage({ searchParams }: PageProps<'/webhooks'>) {
  const raw = (await searchParams).webhook_id
  const given = (Array.isArray(raw) ? raw[0] : raw)?.trim() || undefined
  // A malformed filter is answered here, before any upstream call.
  if (given !== undefined && !isUuid(given)) return <MalformedWebhookFilter value={given} />
  // A pasted id may be upper case; the filter and its options are lower case.
  const webhookId = given?.toLowerCase()
  const queryClient = getQueryClient()
  // A failure is not dehydrated: the client then asks again and shows it with a retry.
  await queryClient.prefetchInfiniteQuery({
    ...webhookHistoryQueryOptions(webhookId),
    queryFn: () => viewWebhookTimeline({ webhookId }),
  })
  // The first page is grouped on the server, in the zone the browser last showed it in (UTC before
  // it has): the records are in the first HTML rather than after hydration.
  const zone = knownTimeZone((await cookies()).get(ZONE_COOKIE)?.value) ?? 'UTC'
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <WebhookHistory webhookId={webhookId} serverTimeZone={zone} />
    </HydrationBoundary>
  )
}
