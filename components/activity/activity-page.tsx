import { PackVerifyBox } from '@/components/evidence/pack-verify-box'
import { EmptyState } from '@/components/ui/empty-state'
import { IntentLink } from '@/components/ui/intent-link'
import type { ActivityFilters } from '@/lib/audit/activity-query'
import type { ActivityPage, TrailStatus } from '@/lib/audit/activity-types'
import {
  activityPath,
  historySyncPath,
  notificationSettingsPath,
  notificationsPath,
  retentionPath,
} from '@/lib/routes'

import { ActivityFiltersForm } from './activity-filters-form'
import { ActivityTable } from './activity-table'
import { TrailStatusNote } from './trail-status-note'

const pager = 'rounded border border-control px-2 py-0.5 hover:bg-subtle'

/** Everything the audit trail holds, filtered by the URL, newest first, with whether the chain verifies. */
export function ActivityPageBody({
  filters,
  page,
  status,
}: {
  filters: ActivityFilters
  page: ActivityPage
  status: TrailStatus | null
}) {
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-xl font-semibold">Activity</h1>
        <p className="mt-0.5 text-sm text-muted">
          Who viewed, revealed and exported which record, and every sign-in and sign-out, newest
          first, from the audit trail. How far the store&apos;s copy of the webhook history reaches:{' '}
          <IntentLink href={historySyncPath} className="underline">
            history sync
          </IntentLink>
          . What Verity notified, and how each message fared:{' '}
          <IntentLink href={notificationsPath} className="underline">
            notifications
          </IntentLink>{' '}
          (your own e-mails:{' '}
          <IntentLink href={notificationSettingsPath} className="underline">
            notification settings
          </IntentLink>
          ). What is due for erasure, and what holds it (leads):{' '}
          <IntentLink href={retentionPath} className="underline">
            retention
          </IntentLink>
          .
        </p>
      </div>
      <TrailStatusNote status={status} />
      <PackVerifyBox />
      <ActivityFiltersForm filters={filters} />
      {page.rows.length === 0 ? (
        <EmptyState title="No activity matches these filters" />
      ) : (
        <section aria-label="Activity" className="rounded-md border border-line bg-surface p-2">
          <ActivityTable caption="Activity, newest first" rows={page.rows} withRecord />
        </section>
      )}
      <nav aria-label="Pages" className="flex items-center gap-3 text-sm">
        {filters.page > 1 && (
          <IntentLink href={activityPath({ ...filters, page: filters.page - 1 })} className={pager}>
            ← Newer
          </IntentLink>
        )}
        <span className="text-muted">Page {filters.page}</span>
        {page.hasOlder && (
          <IntentLink href={activityPath({ ...filters, page: filters.page + 1 })} className={pager}>
            Older →
          </IntentLink>
        )}
      </nav>
    </div>
  )
}
