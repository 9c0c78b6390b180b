import Link from 'next/link'

import { REPORT_DUE_SOON_DAYS, type ReportListItem } from '@/lib/fiu-reports/contract'
import { casePath, reportPath, reportsPath } from '@/lib/routes'

import { dueText } from './report-state-badge'

/**
 * Reports to the FIU due within a week or late, for the home page and the queue; nothing at all
 * when there is none the viewer may see (their existence is for leads and drafters only).
 */
export function ReportsDue({ reports, now }: { reports: ReportListItem[]; now: Date }) {
  if (reports.length === 0) return null
  return (
    <section
      aria-labelledby="reports-due-title"
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm dark:border-amber-800 dark:bg-amber-950/40"
      data-testid="reports-due"
    >
      <h2 id="reports-due-title" className="font-semibold">
        Reports to the FIU due
      </h2>
      <p className="text-xs text-muted">
        Not filed, due within {REPORT_DUE_SOON_DAYS} days or late.
      </p>
      <ul className="mt-1 flex flex-col gap-0.5">
        {reports.map((report) => {
          const due = dueText(report.dueAt, now)
          return (
            <li key={report.id}>
              <Link href={reportPath(report.id)} className="text-link hover:underline">
                {report.code} {report.id}
              </Link>{' '}
              of{' '}
              <Link href={casePath(report.caseId)} className="hover:underline">
                case {report.caseId}
              </Link>{' '}
              <span
                className={
                  due.startsWith('due in')
                    ? 'text-muted'
                    : 'font-medium text-red-700 dark:text-red-400'
                }
              >
                {due}
              </span>
            </li>
          )
        })}
      </ul>
      <Link href={reportsPath()} className="mt-1 inline-block text-xs text-link hover:underline">
        All reports
      </Link>
    </section>
  )
}
