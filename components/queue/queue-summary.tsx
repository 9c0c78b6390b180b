import 'server-only'

import type { ReactNode } from 'react'

import { Card } from '@/components/ui/card'
import { IntentLink } from '@/components/ui/intent-link'
import type { QueueSummary as Summary } from '@/lib/queue/load'
import { queueSearchParams, type QueueEventType } from '@/lib/queue/params'
import { queuePath } from '@/lib/routes'

import { MirrorReach } from './mirror-reach'
import { QueueRows } from './queue-rows'

const linkClass = 'font-medium text-link hover:underline'

/** The home page's look at the work queue: its oldest work of each kind, and the way to all of it. */
export function QueueSummary({ summary }: { summary: Summary | null }) {
  if (!summary) {
    return (
      <p role="alert" className="text-sm text-red-800 dark:text-red-300">
        The store did not answer, so the work queue is not shown. The records themselves can still
        be opened from the search box.
      </p>
    )
  }
  const { screenings, failed, mirror } = summary
  return (
    <div className="space-y-4">
      <MirrorReach mirror={mirror} />
      <Card
        id="screenings-to-review"
        title="Screenings to review"
        actions={<QueueLink eventType="AML_SCREENING">All in the queue</QueueLink>}
      >
        {screenings.rows.length === 0 ? (
          <p className="text-muted">
            Every High or Medium risk screening mirrored so far has all its matches reviewed.
          </p>
        ) : (
          <QueueRows rows={screenings.rows} label="Oldest screenings to review, High risk first" />
        )}
      </Card>
      <Card
        id="failed-verifications"
        title="Failed verifications"
        actions={<QueueLink eventType="DOCVER">All in the queue</QueueLink>}
      >
        {failed.rows.length === 0 ? (
          <p className="text-muted">No verification mirrored so far failed.</p>
        ) : (
          <QueueRows rows={failed.rows} label="Oldest failed verifications" />
        )}
      </Card>
      <p className="text-sm">
        <IntentLink href={queuePath()} className={linkClass}>
          Open the work queue
        </IntentLink>{' '}
        <span className="text-muted">to filter and page through all of it.</span>
      </p>
    </div>
  )
}

function QueueLink({ eventType, children }: { eventType: QueueEventType; children: ReactNode }) {
  const query = queueSearchParams({ risk: null, eventType, webhookId: null, age: null })
  return (
    <IntentLink href={queuePath(query)} className={`${linkClass} text-xs`}>
      {children}
    </IntentLink>
  )
}
