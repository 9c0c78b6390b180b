import type { Metadata } from 'next'

import { ActivityPanel } from '@/components/activity/activity-panel'
import { ReportPage } from '@/components/aml/report-page'
import { Breadcrumbs } from '@/components/ui/breadcrumbs'
import { ReadFailure } from '@/components/ui/read-failure'
import { loadRecordActivity } from '@/lib/audit/activity-loads'
import { loadAmlReportPage } from '@/lib/data/load-for-page'
import { amlReportPath, homePath } from '@/lib/routes'

// The id, not the requested name: page titles end up in browser history and shared tabs.
export async function generateMetadata({ params }: PageProps<'/aml/[id]'>): Promise<Metadata> {
  const { id } = await params
  return { title: `${id.slice(0, 8)} · AML report` }
}

export default async function AmlReportPage({ params }: PageProps<'/aml/[id]'>) {
  const { id } = await params
  const load = await loadAmlReportPage(id)
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
        <ReportPage result={load.data} />
      ) : (
        <ReadFailure kind={load.kind} what="this AML report" retryHref={amlReportPath(id)} />
      )}
      <ActivityPanel
        resource={{ type: 'aml_search', id }}
        activity={loadRecordActivity({ type: 'aml_search', id })}
      />
    </>
  )
}
