import 'server-only'

import { Badge } from '@/components/ui/badge'
import { compactCell, CompactTable } from '@/components/ui/compact-table'
import { EmptyState } from '@/components/ui/empty-state'
import { IntentLink } from '@/components/ui/intent-link'
import { Timestamp } from '@/components/ui/timestamp'
import { RULE_WORDS, type RetentionRule } from '@/lib/retention/contract'
import type { RetentionOverview } from '@/lib/retention/views'
import { applicantPath } from '@/lib/routes'

const ruleWords = (rule: string) => RULE_WORDS[rule as RetentionRule] ?? rule

const Applicant = ({ id }: { id: string }) => (
  <IntentLink href={applicantPath(id)} className="font-mono text-xs break-all text-link underline">
    {id}
  </IntentLink>
)

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section
      aria-label={title}
      className="space-y-1 rounded-md border border-line bg-surface px-3 py-2"
    >
      <h2 className="text-sm font-semibold">{title}</h2>
      {children}
    </section>
  )
}

/** /retention for leads: what is due for erasure and when, holds, requests and past runs. */
export function RetentionPage({ overview }: { overview: RetentionOverview }) {
  const { settings, due, holds, requests, runs } = overview
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-xl font-semibold">Retention</h1>
        <p className="mt-0.5 max-w-3xl text-sm text-muted">
          An applicant&apos;s data is kept {settings.days.toLocaleString('en')} days after the
          business relationship ends (or after the last record of an applicant never onboarded),
          sandbox records {settings.sandboxDays} days; then it is erased, unless an open case, a
          report or a legal hold holds it. The daily run starts at {settings.runAt} UTC
          {settings.job ? '' : ' (not on this instance: RETENTION_JOB=off)'};{' '}
          <code>npm run retention</code> runs it by hand.{' '}
          {overview.erasedTotal.toLocaleString('en')} applicants erased so far.
        </p>
      </div>
      <Section
        title={`Due for erasure, now and in the next 30 days (${due.length}${overview.dueMore ? '+' : ''})`}
      >
        {due.length === 0 ? (
          <EmptyState title="Nothing is due">
            No applicant&apos;s clock runs out within 30 days.
          </EmptyState>
        ) : (
          <CompactTable columns={['#', 'Applicant', 'Rule', 'Kept until', 'State']}>
            {due.map((one, index) => (
              <tr key={one.applicantId}>
                <td className={`${compactCell} text-faint`}>{index + 1}</td>
                <td className={compactCell}>
                  <Applicant id={one.applicantId} />
                </td>
                <td className={compactCell}>
                  {ruleWords(one.rule)} ({one.from})
                </td>
                <td className={`${compactCell} tabular-nums`}>{one.keptUntil}</td>
                <td className={compactCell}>
                  {one.holds.length > 0 ? (
                    <span title={one.holds.map((hold) => hold.detail).join('\n')}>
                      <Badge tone="amber">Held</Badge>{' '}
                      <span className="text-xs">
                        {one.holds.map((hold) => hold.detail).join('; ')}
                      </span>
                    </span>
                  ) : one.dueNow ? (
                    <Badge tone="red">Due: next run</Badge>
                  ) : (
                    <Badge tone="neutral">Coming due</Badge>
                  )}
                </td>
              </tr>
            ))}
          </CompactTable>
        )}
        {overview.dueMore && (
          <p className="text-xs text-muted">
            The first 200 are listed; <code>npm run retention -- --dry-run</code> lists all.
          </p>
        )}
      </Section>
      <Section title={`Legal holds in force (${holds.length})`}>
        {holds.length === 0 ? (
          <EmptyState title="No legal holds">
            A lead places one on an applicant&apos;s page.
          </EmptyState>
        ) : (
          <CompactTable columns={['#', 'Applicant', 'Reason', 'Placed', 'Until']}>
            {holds.map((hold) => (
              <tr key={hold.id}>
                <td className={`${compactCell} text-faint`}>{hold.id}</td>
                <td className={compactCell}>
                  <Applicant id={hold.applicantId} />
                </td>
                <td className={`${compactCell} whitespace-pre-wrap`}>{hold.reason}</td>
                <td className={compactCell}>
                  {hold.by}, <Timestamp value={hold.since} mode="absolute" />
                </td>
                <td className={compactCell}>{hold.until ?? 'lifted'}</td>
              </tr>
            ))}
          </CompactTable>
        )}
      </Section>
      <Section title={`Erasure requests (${requests.length})`}>
        {requests.length === 0 ? (
          <EmptyState title="No erasure requests">
            A lead records one on an applicant&apos;s page.
          </EmptyState>
        ) : (
          <CompactTable columns={['#', 'Applicant', 'Outcome', 'Recorded']}>
            {requests.map((request) => (
              <tr key={request.id}>
                <td className={`${compactCell} text-faint`}>{request.id}</td>
                <td className={compactCell}>
                  <Applicant id={request.applicantId} />
                </td>
                <td className={compactCell}>
                  <Badge tone={request.outcome === 'granted' ? 'green' : 'amber'}>
                    {request.outcome === 'granted' ? 'Granted' : 'Refused'}
                  </Badge>
                  {request.outcome === 'refused' && (
                    <span className="text-xs">
                      {' '}
                      {request.possibleOn
                        ? `possible from ${request.possibleOn}`
                        : 'relationship ongoing'}
                    </span>
                  )}
                </td>
                <td className={compactCell}>
                  {request.by}, <Timestamp value={request.at} mode="absolute" />
                </td>
              </tr>
            ))}
          </CompactTable>
        )}
      </Section>
      <Section title={`Past runs (${runs.length})`}>
        {runs.length === 0 ? (
          <EmptyState title="No runs yet">
            The first daily run starts at {settings.runAt} UTC.
          </EmptyState>
        ) : (
          <CompactTable columns={['#', 'Started', 'By', 'Due', 'Held', 'Erased', 'Outcome']}>
            {runs.map((run) => (
              <tr key={run.id}>
                <td className={`${compactCell} text-faint`}>{run.id}</td>
                <td className={compactCell}>
                  <Timestamp value={run.startedAt} mode="absolute" />
                </td>
                <td className={compactCell}>
                  {run.trigger === 'job'
                    ? 'daily job'
                    : run.trigger === 'command'
                      ? 'npm run retention'
                      : 'request'}
                  {run.dryRun ? ' (dry run)' : ''}
                </td>
                <td className={`${compactCell} tabular-nums`}>{run.due}</td>
                <td className={`${compactCell} tabular-nums`}>{run.held}</td>
                <td className={`${compactCell} tabular-nums`}>{run.erased}</td>
                <td className={compactCell}>
                  {run.error ? (
                    <span className="text-red-700 dark:text-red-300">stopped: {run.error}</span>
                  ) : run.finishedAt ? (
                    'done'
                  ) : (
                    'running'
                  )}
                </td>
              </tr>
            ))}
          </CompactTable>
        )}
      </Section>
    </div>
  )
}
