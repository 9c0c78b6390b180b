import { Suspense } from 'react'

import { Card } from '@/components/ui/card'
import { IntentLink } from '@/components/ui/intent-link'
import { Skeleton } from '@/components/ui/skeleton'
import type { ActivityPage } from '@/lib/audit/activity-types'
import { activityPath } from '@/lib/routes'

import { ActivityTable } from './activity-table'

type ActivityResource = { type: string; id: string }
type Found = ActivityPage | 'hidden' | null

/**
 * Who viewed, revealed or exported this record, and when, newest first: the first entries here,
 * the rest on the activity page filtered to this record. Streams in after the record itself.
 */
export function ActivityPanel({
  resource,
  activity,
}: {
  resource: ActivityResource
  /** Started by the page (lib/audit/activity-loads.ts) and awaited here, behind Suspense. */
  activity: Promise<Found>
}) {
  return (
    <div className="no-print mt-4">
      <Suspense fallback={<ActivitySkeleton />}>
        <ActivityCard resource={resource} activity={activity} />
      </Suspense>
    </div>
  )
}

async function ActivityCard({
  resource,
  activity,
}: {
  resource: ActivityResource
  activity: Promise<Found>
}) {
  const found = await activity
  if (found === 'hidden') return null
  const older = activityPath({ type: resource.type, id: resource.id, page: 1 })
  return (
    <Card
      id="activity"
      title="Activity"
      actions={
        <IntentLink href={older} className="text-xs text-link hover:underline">
          All activity
        </IntentLink>
      }
    >
      {found === null ? (
        <p role="alert" className="text-red-800 dark:text-red-300">
          The activity could not be read from the store.
        </p>
      ) : found.rows.length === 0 ? (
        <p className="text-muted">No activity recorded yet.</p>
      ) : (
        <>
          <ActivityTable caption="Activity on this record" rows={found.rows} withRecord={false} />
          {found.hasOlder && (
            <p className="mt-2">
              <IntentLink href={older} className="text-link hover:underline">
                Older activity on this record
              </IntentLink>
            </p>
          )}
        </>
      )}
    </Card>
  )
}

function ActivitySkeleton() {
  return (
    <div className="rounded-md border border-line p-4">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="mt-3 h-16 w-full" />
    </div>
  )
}
