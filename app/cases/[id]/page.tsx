import type { Metadata } from 'next'
import { notFound } from 'next/navigation'

import { CasePage } from '@/components/cases/case-page'
import { Breadcrumbs } from '@/components/ui/breadcrumbs'
import { caseIdParam } from '@/lib/cases/requests'
import { loadCase } from '@/lib/cases/service'
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
  return (
    <>
      <Breadcrumbs
        items={[
          { label: 'Home', href: homePath },
          { label: 'Queue', href: queuePath() },
          { label: `Case ${detail.kase.id}` },
        ]}
      />
      <CasePage detail={detail} now={new Date()} />
    </>
  )
}
