import type { Metadata } from 'next'
import { redirect } from 'next/navigation'

import { CaseViews } from '@/components/cases/case-views'
import { ReportsDue } from '@/components/fiu-reports/reports-due'
import { EmptyState } from '@/components/ui/empty-state'
import { getViewer } from '@/lib/auth/session'
import { loadQueue } from '@/lib/cases/service'
import { caseListParams } from '@/lib/cases/views'
import { loadReportsDue } from '@/lib/fiu-reports/service'
import { readMirrorStatus } from '@/lib/history-mirror/status'
import { signInPath } from '@/lib/routes'

export const metadata: Metadata = { title: 'Work queue' }

/*
 * The work queue: the cases, opening on the open ones (`/queue`), with the other views as
 * `/queue?view=…` (mine, unassigned, overdue, …). Take next is on every view, a form that works
 * before and without the page's script.
 */
export default async function QueueRoute({ searchParams }: PageProps<'/queue'>) {
  // A visitor without a session is sent to sign in, not shown an error.
  if (!(await getViewer())) redirect(signInPath)
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
  const [data, mirror, reportsDue] = await Promise.all([
    loadQueue(parsed.data),
    readMirrorStatus().catch(() => null),
    loadReportsDue().catch(() => []),
  ])
  return (
    <div className="flex flex-col gap-4">
      <ReportsDue reports={reportsDue} now={new Date()} />
      <CaseViews data={data} params={parsed.data} mirror={mirror} now={new Date()} />
    </div>
  )
}
