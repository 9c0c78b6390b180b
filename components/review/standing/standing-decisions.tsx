import 'server-only'

import { Timestamp } from '@/components/ui/timestamp'
import type { StandingDecision } from '@/lib/review/standing/service'

import { RevokeForm } from './revoke-form'

/**
 * The applicant's standing false positives: each carries over to a new screening by itself while
 * its match is unchanged, until it lapses or a lead revokes it.
 */
export function StandingDecisions({
  applicantId,
  standing,
  canRevoke,
}: {
  applicantId: string
  standing: readonly StandingDecision[]
  canRevoke: boolean
}) {
  return (
    <section
      aria-label="Standing false positives"
      className="rounded-md border border-line bg-surface px-3 py-2 text-sm"
    >
      <h2 className="font-semibold">Standing false positives ({standing.length})</h2>
      <p className="text-xs text-muted">
        Each carries over to this applicant&apos;s next screening by itself while its match is
        unchanged; a changed match opens unreviewed.
        {canRevoke ? ' A lead may revoke one.' : ''}
      </p>
      {standing.length === 0 ? (
        <p className="py-1 text-xs text-faint">None: every match of a new screening is reviewed.</p>
      ) : (
        <ul className="divide-y divide-hairline">
          {standing.map((row) => (
            <li key={row.matchUuid} className="space-y-0.5 py-2">
              <p>
                <span className="font-medium">{row.matchName ?? 'Match'}</span>{' '}
                <span className="font-mono text-xs text-faint">{row.matchUuid}</span>
              </p>
              <p className="text-xs text-muted">
                False positive (decision {row.decisionId}) by {row.user},{' '}
                <Timestamp value={row.decidedAt} mode="absolute" /> · carried over{' '}
                {row.carriedOver === 1 ? 'once' : `${row.carriedOver} times`} ·{' '}
                {row.lastChanged ? (
                  <>
                    record last changed <Timestamp value={row.lastChanged} mode="absolute" />
                  </>
                ) : (
                  'record unchanged since'
                )}{' '}
                · lapses <Timestamp value={row.lapsesAt} mode="absolute" />
              </p>
              <p className="text-xs whitespace-pre-wrap">“{row.reason}”</p>
              {canRevoke && <RevokeForm applicantId={applicantId} matchUuid={row.matchUuid} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
