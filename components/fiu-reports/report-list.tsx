import Link from 'next/link'

import { EmptyState } from '@/components/ui/empty-state'
import {
  REPORT_STATES,
  stateLabels,
  type ReportListItem,
  type ReportState,
} from '@/lib/fiu-reports/contract'
import { casePath, reportPath, reportsPath } from '@/lib/routes'

import { dueText, ReportStateBadge } from './report-state-badge'

const OPEN: ReportState[] = ['draft', 'awaiting_approval', 'approved']

/** The reports the viewer may see, soonest due first, with a filter by state. */
export function ReportList({
  reports,
  state,
  now,
}: {
  reports: ReportListItem[]
  state: ReportState | undefined
  now: Date
}) {
  return (
    <div className="flex flex-col gap-3">
      <nav aria-label="Report states" className="flex flex-wrap gap-1 text-sm">
        <StateLink href={reportsPath()} current={state === undefined}>
          All
        </StateLink>
        {REPORT_STATES.map((name) => (
          <StateLink key={name} href={reportsPath(name)} current={state === name}>
            {stateLabels[name]}
          </StateLink>
        ))}
      </nav>
      {reports.length === 0 ? (
        <EmptyState title={state ? `No reports ${stateLabels[state].toLowerCase()}` : 'No reports'}>
          Reports to the FIU are started from a case. Only leads and a report&apos;s drafter see it.
        </EmptyState>
      ) : (
        <div tabIndex={0} className="overflow-x-auto rounded-md border border-line bg-surface">
          <table className="w-full min-w-[36rem] text-sm" data-testid="report-list">
            <thead className="border-b border-line text-left text-xs text-faint">
              <tr>
                <th scope="col" className="px-3 py-1.5 font-medium">
                  Report
                </th>
                <th scope="col" className="px-3 py-1.5 font-medium">
                  Case
                </th>
                <th scope="col" className="px-3 py-1.5 font-medium">
                  State
                </th>
                <th scope="col" className="px-3 py-1.5 font-medium">
                  Drafted by
                </th>
                <th scope="col" className="px-3 py-1.5 font-medium">
                  Deadline
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-hairline">
              {reports.map((report) => {
                const due = dueText(report.dueAt, now)
                const pressing = OPEN.includes(report.state) && !due.startsWith('due in')
                return (
                  <tr key={report.id}>
                    <td className="px-3 py-1.5 whitespace-nowrap">
                      <Link href={reportPath(report.id)} className="text-link hover:underline">
                        {report.code} {report.id}
                      </Link>
                    </td>
                    <td className="px-3 py-1.5">
                      <Link href={casePath(report.caseId)} className="hover:underline">
                        Case {report.caseId}
                        {report.caseName ? ` · ${report.caseName}` : ''}
                      </Link>
                    </td>
                    <td className="px-3 py-1.5">
                      <ReportStateBadge state={report.state} />
                    </td>
                    <td className="px-3 py-1.5 text-muted">{report.drafter}</td>
                    <td
                      className={`px-3 py-1.5 whitespace-nowrap ${pressing ? 'font-medium text-red-700 dark:text-red-400' : 'text-muted'}`}
                      title={report.dueAt}
                    >
                      {OPEN.includes(report.state) ? due : '—'}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}

function StateLink({
  href,
  current,
  children,
}: {
  href: string
  current: boolean
  children: string
}) {
  return (
    <Link
      href={href}
      aria-current={current ? 'page' : undefined}
      className={`rounded px-2 py-0.5 ${current ? 'bg-subtle font-medium' : 'text-muted hover:bg-subtle'}`}
    >
      {children}
    </Link>
  )
}
