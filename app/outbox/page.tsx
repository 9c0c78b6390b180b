import type { Metadata } from 'next'

import { DeliveryLogPage } from '@/components/notify/delivery-log-page'
import { loadDeliveryLogPage } from '@/lib/notify/service'

export const metadata: Metadata = { title: 'Delivery log' }

export default async function OutboxRoute() {
  return <DeliveryLogPage log={await loadDeliveryLogPage()} />
}
