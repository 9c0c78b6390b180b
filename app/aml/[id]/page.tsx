import { dehydrate, HydrationBoundary } from '@tanstack/react-query'
import type { Metadata } from 'next'

import { ActivityPanel } from '@/components/activity/activity-panel'
import { ReportPage } from '@/components/aml/report-page'
import { CasePanel } from '@/components/cases/case-panel'
import { NotesPanel } from '@/components/notes/notes-panel'
import { Breadcrumbs } from '@/components/ui/breadcrumbs'
import { ReadFailure } from '@/components/ui/read-failure'
import { loadAmlReportPage } from '@/lib/aml/load-page'
import { loadRecordActivity } from '@/lib/audit/activity-loads'
import { loadCaseFor } from '@/lib/cases/service'
import { loadNotes } from '@/lib/notes/notes'
import { decisionsQueryOptions } from '@/lib/queries/decisions'
import { getQueryClient } from '@/lib/queries/query-client'
import { decisionsForSearch } from '@/lib/review/decisions'
import { amlReportPath, homePath } from '@/lib/routes'

// The id, not the requested name: page titles end up in browser history and shared tabs.
export async function generateMetadata({ params }: PageProps<'/aml/[id]'>): Promise<Metadata> {
  const { id } = await params
  return { title: `${id.slice(0, 8)} · AML report` }
}

export default async function AmlReportPage({ params, searchParams }: PageProps<'/aml/[id]'>) {
  const { id } = await params
  const given = (await searchParams).subject
  const subject = (Array.isArray(given) ? given[0] : given) ?? null
  const load = await loadAmlReportPage(id, subject)
  const queryClient = getQueryClient()
  // Decisions remember the applicant only of a subject the upstream links to this report.
  const known = load.ok && load.data.review.status === 'known'
  const reviewSubject = known ? subject : null
  if (load.ok) {
    // Decisions are in the first HTML; the browser refetches them so others' appear.
    await queryClient.prefetchQuery({
      ...decisionsQueryOptions(id, reviewSubject),
      queryFn: () => decisionsForSearch(id, known ? load.data.source : null),
    })
  }
  return (
    <>
      <Breadcrumbs
        items={[
          { label: 'Home', href: homePath },
          { label: 'AML reports' },
          { label: id, mono: true },
        ]}
      />
      {load.ok ? (
        <HydrationBoundary state={dehydrate(queryClient)}>
          <ReportPage
            result={load.data.report}
            review={load.data.review}
            subject={reviewSubject}
            screenedAs={load.data.screenedAs}
            changes={load.data.changes}
          />
        </HydrationBoundary>
      ) : (
        <ReadFailure
          kind={load.kind}
          what="this AML report"
          retryHref={amlReportPath(id, subject)}
        />
      )}
      <CasePanel detail={loadCaseFor('aml_search', id)} />
      <NotesPanel
        resource={{ type: 'aml_search', id }}
        notes={loadNotes({ type: 'aml_search', id })}
      />
      <ActivityPanel
        resource={{ type: 'aml_search', id }}
        activity={loadRecordActivity({ type: 'aml_search', id })}
      />
    </>
  )
}
