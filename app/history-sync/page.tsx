import type { Metadata } from 'next'

import { HistorySyncPageBody } from '@/components/history-mirror/history-sync-page'
import { loadMirrorStatusPage } from '@/lib/history-mirror/status-page'

export const metadata: Metadata = { title: 'History sync' }

export default async function HistorySyncPage() {
  return <HistorySyncPageBody {...await loadMirrorStatusPage()} />
}
