import { dehydrate, HydrationBoundary } from '@tanstack/react-query'
import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { cache } from 'react'

import { ReportPage as AmlReportPage } from '@/components/aml/report-page'
import { CasePage } from '@/components/cases/case-page'
import { CaseReports } from '@/components/fiu-reports/case-reports'
import { NotesPanel } from '@/components/notes/notes-panel'
import { Breadcrumbs } from '@/components/ui/breadcrumbs'
import { ReadFailure } from '@/components/ui/read-failure'
import { VerificationScreen } from '@/components/verifications/verification-page'
import { loadAmlReportPage } from '@/lib/aml/load-page'
import { caseIdParam } from '@/lib/cases/requests'
import { loadCase, loadUndecided } from '@/lib/cases/service'
import { caseTitle } from '@/lib/cases/title'
import type { CaseSummary } from '@/lib/cases/types'
import { loadCaseReports } from '@/lib/fiu-reports/service'
import { loadNotes } from '@/lib/notes/notes'
import { decisionsQueryOptions } from '@/lib/queries/decisions'
import { getQueryClient } from '@/lib/queries/query-client'
import { decisionsForSearch } from '@/lib/review/decisions'
import { subjectFromVerification, subjectParam } from '@/lib/review/subject'
import { casePath, homePath, queuePath } from '@/lib/routes'
import { loadVerificationPage } from '@/lib/verifications/load-page'

/** The case as this request reads it, once for its title and its page (one audited view). */
const caseOf = cache(loadCase)
/** A failed verification, once for the case's title and its checks (one audited view). */
const verificationOf = cache(loadVerificationPage)

/**
 * The case with its applicant's name. The mirror names the screened (lib/cases/read.ts
 * `caseName`); a failed verification of an applicant never screened is named by its own record.
 */
async function named(kase: CaseSummary): Promise<CaseSummary> {
  if (kase.name || kase.resourceType !== 'verification') return kase
  const load = await verificationOf(kase.resourceId)
  const name = load.ok
    ? subjectFromVerification(load.data.verification, kase.resourceId).names[0]
    : undefined
  return name ? { ...kase, name } : kase
}

export async function generateMetadata({ params }: PageProps<'/cases/[id]'>): Promise<Metadata> {
  const { id } = await params
  const parsed = caseIdParam.safeParse(id)
  const detail = parsed.success ? await caseOf(parsed.data) : null
  return { title: detail ? caseTitle(await named(detail.kase)) : `Case ${id.slice(0, 12)}` }
}

export default async function CaseRoute({ params }: PageProps<'/cases/[id]'>) {
  const parsed = caseIdParam.safeParse((await params).id)
  if (!parsed.success) notFound()
  const detail = await caseOf(parsed.data)
  if (!detail) notFound()
  const [reports, undecided, kase] = await Promise.all([
    loadCaseReports(detail.kase.id, detail.kase.ownerId),
    loadUndecided(detail.kase.id),
    named(detail.kase),
  ])
  return (
    <>
      <Breadcrumbs
        items={[
          { label: 'Home', href: homePath },
          { label: 'Queue', href: queuePath() },
          { label: `Case ${detail.kase.id}` },
        ]}
      />
      <div className="flex flex-col gap-4">
        <CasePage detail={{ ...detail, kase }} now={new Date()} undecided={undecided} />
        <CaseReports caseId={detail.kase.id} {...reports} />
        <CaseWork kase={detail.kase} />
      </div>
    </>
  )
}

/**
 * What the case is about, in place (issue #56 item 1): a screening's matches with the same cards,
 * filters and decision controls as its report page, or a failed verification's checks and errors,
 * then the record's notes. A failed read says so beside the case, which still shows.
 */
async function CaseWork({ kase }: { kase: CaseSummary }) {
  const resource = { type: kase.resourceType, id: kase.resourceId }
  const notes = <NotesPanel resource={resource} notes={loadNotes(resource)} />
  if (kase.resourceType === 'verification') {
    const load = await verificationOf(kase.resourceId)
    return (
      <section aria-label="The failed verification" className="flex flex-col gap-4">
        <VerificationScreen
          shortId={kase.resourceId}
          load={load}
          retryHref={casePath(kase.id)}
          inCase
        />
        {notes}
      </section>
    )
  }
  const subject = subjectParam({ kind: 'screening', recordId: kase.recordId })
  const load = await loadAmlReportPage(kase.resourceId, subject)
  const known = load.ok && load.data.review.status === 'known'
  const reviewSubject = known ? subject : null
  const queryClient = getQueryClient()
  if (load.ok) {
    await queryClient.prefetchQuery({
      ...decisionsQueryOptions(kase.resourceId, reviewSubject),
      queryFn: () => decisionsForSearch(kase.resourceId, known ? load.data.source : null),
    })
  }
  return (
    <section aria-label="The screening's matches" className="flex flex-col gap-4">
      {load.ok ? (
        <HydrationBoundary state={dehydrate(queryClient)}>
          <AmlReportPage
            result={load.data.report}
            review={load.data.review}
            subject={reviewSubject}
            screenedAs={load.data.screenedAs}
            changes={load.data.changes}
            inCase
          />
        </HydrationBoundary>
      ) : (
        <ReadFailure kind={load.kind} what="this case's screening" retryHref={casePath(kase.id)} />
      )}
      {notes}
    </section>
  )
}
