import type { Metadata } from 'next'
import { notFound } from 'next/navigation'

import { CasePage } from '@/components/cases/case-page'
import { CaseReports } from '@/components/fiu-reports/case-reports'
import { Breadcrumbs } from '@/components/ui/breadcrumbs'
import { caseIdParam } from '@/lib/cases/requests'
import { loadCase } from '@/lib/cases/service'
import { loadCaseReports } from '@/lib/fiu-reports/service'
import { homePath, queuePath } from '@/lib/routes'

export async function generateMetadata({ params }: PageProps<'/cases/[id]'>): Promise<Metadata> {
  const { id } = await params
  return { title: `Case ${id.slice(0, 12)}` }
}

export default async function CaseRoute({ params }: PageProps<'/cases/[id]'>) {
  const parsed = caseIdParam.safeParse((await params).id)
  if (!parsed.success) notFound()
  const detail = await loadCase(parsed.data)
  if (!detail) notFound()
  const reports = await loadCaseReports(detail.kase.id, detail.kase.ownerId)
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
        <CasePage detail={detail} now={new Date()} />
        <CaseReports caseId={detail.kase.id} {...reports} />
      </div>
    </>
  )
}
