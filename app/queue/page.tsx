import type { Metadata } from 'next'

import { CaseViews } from '@/components/cases/case-views'
import { EmptyState } from '@/components/ui/empty-state'
import { loadQueue } from '@/lib/cases/service'
import { caseListParams } from '@/lib/cases/views'

export const metadata: Metadata = { title: 'Queue' }

export default async function QueuePage({ searchParams }: PageProps<'/queue'>) {
  const parsed = caseListParams.safeParse(await searchParams)
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
