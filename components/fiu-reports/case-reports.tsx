import Link from 'next/link'

import { Card } from '@/components/ui/card'
import type { ReportListItem } from '@/lib/fiu-reports/contract'
import { reportPath } from '@/lib/routes'

import { ReportStateBadge } from './report-state-badge'
import { StartReport } from './start-report'

/**
 * A case's reports to the FIU, for those who may see them (leads and each report's drafter); shown
 * only when there is one or the viewer may start one, so nobody else learns a report exists.
 */
export function CaseReports({
  caseId,
  reports,
  mayStart,
  codes,
}: {
  caseId: number
  reports: ReportListItem[]
  mayStart: boolean
  codes: string[]
}) {
  if (reports.length === 0 && !mayStart) return null
  return (
    <Card
      id="case-reports"
      title="Reports to the FIU"
      actions={mayStart ? <StartReport caseId={caseId} codes={codes} /> : undefined}
    >
      {reports.length === 0 ? (
        <p className="text-muted">
          No report yet. A true match is reported to the FIU within its deadline.
        </p>
      ) : (
        <ul className="flex flex-col gap-1">
          {reports.map((report) => (
            <li key={report.id} className="flex items-center gap-2">
              <Link href={reportPath(report.id)} className="text-link hover:underline">
                {report.code} report {report.id}
              </Link>
              <ReportStateBadge state={report.state} />
              <span className="text-muted">by {report.drafter}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
