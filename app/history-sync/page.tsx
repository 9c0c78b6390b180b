import type { Metadata } from 'next'

import { DeliveriesSection } from '@/components/history-mirror/deliveries-section'
import { HistorySyncPageBody } from '@/components/history-mirror/history-sync-page'
import { loadDeliveryStatus } from '@/lib/history-mirror/delivery-status'
import { loadMirrorStatusPage } from '@/lib/history-mirror/status-page'

export const metadata: Metadata = { title: 'History sync' }

export default async function HistorySyncPage() {
  const [mirror, deliveries] = await Promise.all([loadMirrorStatusPage(), loadDeliveryStatus()])
  return (
    <div className="space-y-4">
      <HistorySyncPageBody {...mirror} />
      <DeliveriesSection status={deliveries} now={mirror.now} />
    </div>
  )
}
