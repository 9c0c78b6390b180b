import 'server-only'

import { MirrorReach } from '@/components/history-mirror/mirror-reach'
import { ApplicantRetention } from '@/components/retention/applicant-retention'
import { StandingDecisions } from '@/components/review/standing/standing-decisions'
import { Breadcrumbs } from '@/components/ui/breadcrumbs'
import { EmptyState } from '@/components/ui/empty-state'
import type { ApplicantHistory } from '@/lib/applicants/history'
import type { MirrorStatus } from '@/lib/history-mirror/status'
import type { ApplicantRetention as Retention } from '@/lib/retention/contract'
import type { StandingDecision } from '@/lib/review/standing/service'
import { queuePath } from '@/lib/routes'

import { ApplicantEvents } from './applicant-events'

/** Everything the mirrored history holds of one applicant, however old. */
export function ApplicantPage({
  applicantId,
  history,
  mirror,
  standing,
  canRevoke,
  retention,
}: {
  applicantId: string
  history: ApplicantHistory
  mirror: MirrorStatus
  standing: readonly StandingDecision[]
  canRevoke: boolean
  retention: Retention
}) {
  const { events, more } = history
  return (
    <div className="space-y-4">
      <Breadcrumbs items={[{ label: 'Work queue', href: queuePath() }, { label: 'Applicant' }]} />
      <div className="space-y-1">
        <h1 className="text-xl font-semibold">
          Applicant <span className="font-mono text-base break-all">{applicantId}</span>
        </h1>
        <p className="text-sm text-muted">
          Every screening and verification event of this applicant in the webhook history, newest
          first.
        </p>
        <MirrorReach mirror={mirror} />
      </div>
      <ApplicantRetention applicantId={applicantId} retention={retention} />
      <StandingDecisions applicantId={applicantId} standing={standing} canRevoke={canRevoke} />
      {events.length === 0 ? (
        <EmptyState title="No events of this applicant in the mirrored history">
          The history holds no record naming this applicant id
          {mirror.backfill.done ? '.' : ' yet; older records are still being copied.'}
        </EmptyState>
      ) : (
        <section
          aria-label={`Events (${events.length}${more ? '+' : ''})`}
          className="rounded-md border border-line bg-surface px-3 py-1 text-sm"
        >
          {more && (
            <p className="py-1 text-xs text-amber-800 dark:text-amber-300">
              The newest {events.length.toLocaleString('en')} events are shown; older ones are in
              the webhook history.
            </p>
          )}
          <ApplicantEvents events={events} />
        </section>
      )}
    </div>
  )
}
