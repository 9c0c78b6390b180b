import 'server-only'

import { EmptyState } from '@/components/ui/empty-state'
import { IntentLink } from '@/components/ui/intent-link'
import type { QueueLoad } from '@/lib/queue/load'
import { queueSearchParams } from '@/lib/queue/params'
import { queuePath } from '@/lib/routes'

import { MirrorReach } from './mirror-reach'
import { QueueFiltersForm } from './queue-filters-form'
import { QueueRows } from './queue-rows'

const pager = 'rounded border border-control px-2 py-0.5 hover:bg-subtle'

/**
 * The work queue: every screening and failed verification that needs an analyst, over the whole
 * mirrored history, High first and oldest first. The filters and the cursor live in the URL.
 */
export function QueuePage({ filters, cursor, page, mirror }: QueueLoad) {
  const filtered = queueSearchParams(filters).toString() !== ''
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h1 className="text-xl font-semibold">Work queue</h1>
        <p className="text-sm text-muted">
          High and Medium risk screenings with matches not yet reviewed (the applicant&apos;s newest
          screening only), and failed verifications, from the whole webhook history. High risk and
          failed verifications first, oldest first.
        </p>
        <MirrorReach mirror={mirror} />
      </div>
      <QueueFiltersForm filters={filters} />
      {page.rows.length === 0 ? (
        <EmptyState title={cursor ? 'No more work' : 'Nothing to review'}>
          {filtered
            ? 'Nothing in the mirrored history matches these filters.'
            : mirror.backfill.done
              ? 'Every High or Medium risk screening has its matches reviewed, and no verification failed.'
              : 'Nothing needs review in what has been mirrored so far; older records are still being copied.'}
        </EmptyState>
      ) : (
        <section
          aria-label="Work to review"
          className="rounded-md border border-line bg-surface px-3 py-1 text-sm"
        >
          <QueueRows rows={page.rows} label="Work to review, High risk first, oldest first" />
        </section>
      )}
      <nav aria-label="Pages" className="flex items-center gap-3 text-sm">
        {cursor && (
          <IntentLink href={queuePath(queueSearchParams(filters))} className={pager}>
            ← First page
          </IntentLink>
        )}
        {page.next && (
          <IntentLink href={queuePath(queueSearchParams(filters, page.next))} className={pager}>
            Next page →
          </IntentLink>
        )}
      </nav>
    </div>
  )
}
