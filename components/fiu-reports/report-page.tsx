import Link from 'next/link'

import { buttonClass } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Timestamp } from '@/components/ui/timestamp'
import type { ReportState, ReportView } from '@/lib/fiu-reports/contract'
import { casePath } from '@/lib/routes'

import { dueText, ReportStateBadge } from './report-state-badge'
import { ReportWorkspace } from './report-workspace'

const OPEN: ReportState[] = ['draft', 'awaiting_approval', 'approved']

/** Where the report stands against its deadline, which counts from the decision it follows. */
function deadlineText(report: ReportView, now: Date) {
  const due = `${report.dueAt.slice(0, 10)}, from the decision of ${report.decidedAt.slice(0, 10)}`
  if (OPEN.includes(report.state)) return `${dueText(report.dueAt, now)} (${due})`
  if (!report.filedAt) return due
  const late = report.filedAt > report.dueAt
  return `filed ${report.filedAt.slice(0, 10)}, ${late ? 'late' : 'in time'} (due ${due})`
}

const moveWords: Record<string, string> = {
  created: 'drafted',
  submit: 'submitted for approval',
  approve: 'approved',
  return: 'sent back',
  file: 'filed',
  acknowledge: 'acknowledgement recorded',
  reject: 'rejection recorded',
}

/** One report to the FIU: its facts, its workspace, its files and its log. */
export function ReportPage({ report, now }: { report: ReportView; now: Date }) {
  const open = OPEN.includes(report.state)
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-lg font-semibold">
          {report.code} report {report.id}
        </h1>
        <ReportStateBadge state={report.state} />
        <span className="text-sm text-muted">confidential: leads and its drafter only</span>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Card
          id="report-facts"
          title="The report"
          actions={
            <div className="flex gap-2">
              <a
                href={`/api/reports/${report.id}/goaml.xml`}
                className={buttonClass('secondary', 'xs')}
                download
              >
                goAML XML
              </a>
              <a
                href={`/api/reports/${report.id}/report.pdf`}
                className={buttonClass('secondary', 'xs')}
                download
              >
                PDF
              </a>
            </div>
          }
        >
          <dl className="grid grid-cols-[10rem_1fr] gap-x-3 gap-y-1">
            <dt className="text-muted">Case</dt>
            <dd>
              <Link href={casePath(report.caseId)} className="text-link hover:underline">
                Case {report.caseId}
                {report.caseName ? ` · ${report.caseName}` : ''}
              </Link>
            </dd>
            <dt className="text-muted">Drafted by</dt>
            <dd>{report.drafter}</dd>
            <dt className="text-muted">Approved by</dt>
            <dd data-testid="report-approver">{report.approver ?? '—'}</dd>
            <dt className="text-muted">Deadline</dt>
            <dd
              className={
                open && !dueText(report.dueAt, now).startsWith('due in')
                  ? 'font-medium text-red-700 dark:text-red-400'
                  : undefined
              }
              data-testid="report-due"
            >
              {deadlineText(report, now)}
            </dd>
            {report.prevRejectedRef && (
              <>
                <dt className="text-muted">Corrects</dt>
                <dd className="font-mono">{report.prevRejectedRef}</dd>
              </>
            )}
            <dt className="text-muted">FIU reference</dt>
            <dd className="font-mono" data-testid="report-fiu-ref">
              {report.fiuRef ?? '—'}
            </dd>
            {report.approvedSha256 && (
              <>
                <dt className="text-muted">Approved XML</dt>
                <dd className="font-mono text-xs break-all" data-testid="report-sha">
                  SHA-256 {report.approvedSha256}
                </dd>
              </>
            )}
          </dl>
        </Card>
        <Card id="report-events" title="Log">
          <ol className="flex flex-col gap-1" data-testid="report-events">
            {report.events.map((event) => (
              <li key={event.id}>
                <Timestamp value={event.at} /> · {event.user} ·{' '}
                {moveWords[event.kind] ?? event.kind}
                {event.reason ? ` · ${event.reason}` : ''}
              </li>
            ))}
          </ol>
        </Card>
      </div>
      <ReportWorkspace key={report.updatedAt} report={report} />
    </div>
  )
}
