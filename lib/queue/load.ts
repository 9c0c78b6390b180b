import 'server-only'

import { redirect } from 'next/navigation'

import { audit } from '@/lib/audit/record'
import { getViewer, requireViewer } from '@/lib/auth/session'
import { readMirrorStatus, type MirrorStatus } from '@/lib/history-mirror/status'
import { signInPath } from '@/lib/routes'
import { getStore } from '@/lib/store/store'

import { parseQueueParams, queueSearchParams, type QueueFilters } from './params'
import { queryQueue, type QueuePage } from './queue'

export type QueueLoad = {
  filters: QueueFilters
  cursor: string | null
  page: QueuePage
  mirror: MirrorStatus
}

/** The /queue page's read; looking at it is recorded before anything is read, as /activity. */
export async function loadQueuePage(
  searchParams: Record<string, string | string[] | undefined>,
): Promise<QueueLoad> {
  const viewer = await getViewer()
  if (!viewer) redirect(signInPath)
  const { filters, cursor } = parseQueueParams(searchParams)
  await audit(
    viewer,
    'view',
    { type: 'queue', id: queueSearchParams(filters).toString() || null },
    'ok',
  )
  const { db } = await getStore()
  const [page, mirror] = await Promise.all([
    queryQueue(db, filters, { cursor }),
    readMirrorStatus(),
  ])
  return { filters, cursor, page, mirror }
}

/** The home page's summary: the oldest screenings and failed verifications, and the mirror's reach. */
export async function loadQueueSummary(shown: number) {
  // The home page renders without a session behind a proxy that lets it through: no names then.
  const viewer = await requireViewer()
  await audit(viewer, 'view', { type: 'queue', id: 'summary' }, 'ok')
  const { db } = await getStore()
  const none: QueueFilters = { risk: null, eventType: null, webhookId: null, age: null }
  const [screenings, failed, mirror] = await Promise.all([
    queryQueue(db, { ...none, eventType: 'AML_SCREENING' }, { limit: shown }),
    queryQueue(db, { ...none, eventType: 'DOCVER' }, { limit: shown }),
    readMirrorStatus(),
  ])
  return { screenings, failed, mirror }
}

export type QueueSummary = Awaited<ReturnType<typeof loadQueueSummary>>
