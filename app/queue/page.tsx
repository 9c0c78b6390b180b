import type { Metadata } from 'next'

import { CaseViewNav } from '@/components/cases/case-view-nav'
import { CaseViews } from '@/components/cases/case-views'
import { TakeNextButton } from '@/components/cases/take-next-button'
import { QueuePage } from '@/components/queue/queue-page'
import { EmptyState } from '@/components/ui/empty-state'
import { loadCaseCounts, loadQueue } from '@/lib/cases/service'
import { caseListParams } from '@/lib/cases/views'
import { loadQueuePage } from '@/lib/queue/load'

export const metadata: Metadata = { title: 'Work queue' }

/*
 * `/queue` lists every record that needs review, over the whole mirror; `/queue?view=…` (mine,
 * unassigned, overdue, …) lists the cases made of those records, with owners and due dates. Take
 * next is on both, a form that works before and without the page's script.
 */
export default async function QueueRoute({ searchParams }: PageProps<'/queue'>) {
  const params = await searchParams
  if (params.view === undefined) {
    // The records first: it sends a visitor without a session to sign in.
    const queue = await loadQueuePage(params)
    return (
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CaseViewNav counts={await loadCaseCounts()} current={null} />
          <TakeNextButton noneLeft={params.taken === 'none'} />
        </div>
        <QueuePage {...queue} />
      </div>
    )
  }
  const parsed = caseListParams.safeParse(params)
  if (!parsed.success) {
    return (
      <div role="alert">
        <EmptyState title="This queue link has a bad filter">
          {parsed.error.issues[0]?.message}.{' '}
          <a href="/queue" className="underline">
            Open the queue
          </a>
        </EmptyState>
      </div>
    )
  }
  const data = await loadQueue(parsed.data)
  return <CaseViews data={data} params={parsed.data} now={new Date()} />
}
