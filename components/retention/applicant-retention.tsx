import 'server-only'

import { Badge } from '@/components/ui/badge'
import { buttonClass } from '@/components/ui/button'
import { IntentLink } from '@/components/ui/intent-link'
import { Timestamp } from '@/components/ui/timestamp'
import { clockWords, type ApplicantRetention as Retention } from '@/lib/retention/contract'
import { retentionPath } from '@/lib/routes'

import { RetentionForm } from './retention-form'

const COUNT_WORDS: Record<string, string> = {
  records: 'history records',
  cases: 'case reasons',
  caseEvents: 'case events',
  decisions: 'decisions',
  revocations: 'revocations',
  reopenings: 'reopened matches',
  notes: 'notes',
  notifications: 'notifications',
  retention: 'retention reasons',
}

/**
 * The applicant page's retention: the clock ("kept until …, because …"), the end of the business
 * relationship, what holds the applicant, erasure requests, and for leads the actions and the
 * subject access export. An erased applicant says when and under which rule, and what was kept.
 */
export function ApplicantRetention({
  applicantId,
  retention,
}: {
  applicantId: string
  retention: Retention
}) {
  const { clock, relationship, holds, liftedHolds, requests, canManage } = retention
  const erased = clock.state === 'erased'
  return (
    <section
      aria-label="Retention"
      className="space-y-2 rounded-md border border-line bg-surface px-3 py-2 text-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold">Retention</h2>
        {canManage && (
          <a
            href={`/api/applicants/${encodeURIComponent(applicantId)}/subject-access`}
            download={`subject-access-${applicantId}.json`}
            className={buttonClass('secondary', 'sm')}
          >
            Subject access export (JSON)
          </a>
        )}
      </div>
      <p data-testid="retention-clock" className={erased ? 'font-medium' : undefined}>
        {erased && (
          <span className="mr-1.5">
            <Badge tone="neutral">Erased</Badge>
          </span>
        )}
        {clockWords(clock)}
        {holds.length > 0 && !erased && ' Held: nothing is erased until every hold ends.'}
      </p>
      {erased && (
        <p className="text-xs text-muted">
          Kept: each record&apos;s ids, kind, time, status, risk level and match and check counts,
          so the queue&apos;s history, analytics and the audit trail still count right. Erased:{' '}
          {Object.entries(retention.erasedCounts ?? {})
            .filter(([, rows]) => rows > 0)
            .map(([kind, rows]) => `${rows} ${COUNT_WORDS[kind] ?? kind}`)
            .join(', ') || 'nothing else held'}
          .
        </p>
      )}
      {relationship ? (
        <div className="text-xs">
          <p>
            Relationship ended on <span className="font-medium">{relationship.endedOn}</span>,
            recorded by {relationship.by} <Timestamp value={relationship.at} mode="absolute" />:{' '}
            <span className="whitespace-pre-wrap">“{relationship.reason}”</span>
          </p>
          {canManage && <RetentionForm applicantId={applicantId} kind="withdraw" />}
        </div>
      ) : (
        !erased && (
          <p className="text-xs text-muted">
            No end of the business relationship is recorded.
            {canManage ? '' : ' A lead records it.'}
          </p>
        )
      )}
      {canManage && !relationship && <RetentionForm applicantId={applicantId} kind="end" />}
      {!erased && (
        <div>
          <h3 className="text-xs font-semibold">Holds ({holds.length})</h3>
          {holds.length === 0 ? (
            <p className="text-xs text-faint">None: nothing keeps it past its clock.</p>
          ) : (
            <ul className="divide-y divide-hairline text-xs">
              {holds.map((hold) => (
                <li key={`${hold.kind} ${hold.holdId ?? hold.detail}`} className="py-1.5">
                  <p className="whitespace-pre-wrap">
                    {hold.detail}
                    {hold.by && (
                      <span className="text-muted">
                        {' '}
                        · by {hold.by}
                        {hold.since && (
                          <>
                            , <Timestamp value={hold.since} mode="absolute" />
                          </>
                        )}
                        {hold.until
                          ? ` · until ${hold.until}`
                          : hold.holdId
                            ? ' · until lifted'
                            : ''}
                      </span>
                    )}
                  </p>
                  {canManage && hold.holdId !== undefined && (
                    <RetentionForm applicantId={applicantId} kind="lift" holdId={hold.holdId} />
                  )}
                </li>
              ))}
            </ul>
          )}
          {canManage && <RetentionForm applicantId={applicantId} kind="hold" />}
        </div>
      )}
      {liftedHolds.length > 0 && (
        <details className="text-xs">
          <summary className="cursor-pointer text-muted">
            Lifted holds ({liftedHolds.length})
          </summary>
          <ul className="divide-y divide-hairline">
            {liftedHolds.map((hold) => (
              <li key={hold.holdId} className="py-1">
                “{hold.detail}” by {hold.by}; lifted by {hold.liftedBy}{' '}
                <Timestamp value={hold.liftedAt} mode="absolute" />: “{hold.liftReason}”
              </li>
            ))}
          </ul>
        </details>
      )}
      <div>
        <h3 className="text-xs font-semibold">Erasure requests ({requests.length})</h3>
        {requests.length === 0 ? (
          <p className="text-xs text-faint">None recorded.</p>
        ) : (
          <ul className="divide-y divide-hairline text-xs">
            {requests.map((request) => (
              <li key={request.id} className="py-1">
                <Badge tone={request.outcome === 'granted' ? 'green' : 'amber'}>
                  {request.outcome === 'granted' ? 'Granted' : 'Refused'}
                </Badge>{' '}
                {request.outcome === 'refused' &&
                  (request.possibleOn
                    ? `possible from ${request.possibleOn} · `
                    : 'relationship ongoing · ')}
                by {request.by} <Timestamp value={request.at} mode="absolute" />:{' '}
                <span className="whitespace-pre-wrap">“{request.reason}”</span>
              </li>
            ))}
          </ul>
        )}
        {canManage && <RetentionForm applicantId={applicantId} kind="request" variant="danger" />}
      </div>
      {canManage && (
        <p className="text-xs text-muted">
          Kept {retention.retentionDays.toLocaleString('en')} days after the relationship ends. What
          is due across all applicants:{' '}
          <IntentLink href={retentionPath} className="text-link underline">
            retention
          </IntentLink>
          .
        </p>
      )}
    </section>
  )
}
