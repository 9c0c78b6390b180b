import { Suspense } from 'react'

import { Card } from '@/components/ui/card'
import { IntentLink } from '@/components/ui/intent-link'
import { Skeleton } from '@/components/ui/skeleton'
import { recordActivity } from '@/lib/audit/activity'
import { getViewer } from '@/lib/auth/session'
import { activityPath } from '@/lib/routes'
import { getStore } from '@/lib/store/store'

import { ActivityTable } from './activity-table'

const SHOWN = 10

export type ActivityResource = { type: 'verification' | 'aml_search' | 'profile'; id: string }

/**
 * Who viewed, revealed or exported this record, and when, newest first: the first entries here,
 * the rest on the activity page filtered to this record. Streams in after the record itself.
 */
export function ActivityPanel({ resource }: { resource: ActivityResource }) {
  return (
    <div className="no-print mt-4">
      <Suspense fallback={<ActivitySkeleton />}>
        <ActivityCard resource={resource} />
      </Suspense>
    </div>
  )
}

async function ActivityCard({ resource }: { resource: ActivityResource }) {
  // Only for a signed-in analyst (or with sign-in off); the page around it has checked already.
  if (!(await getViewer())) return null
  const older = activityPath({ type: resource.type, id: resource.id, page: 1 })
  const found = await readActivity(resource)
  return (
    <Card
      id="activity"
      title="Activity"
      actions={
        <IntentLink
          href={older}
          className="text-xs text-blue-700 hover:underline dark:text-blue-300"
        >
          All activity
        </IntentLink>
      }
    >
      {found === null ? (
        <p role="alert" className="text-red-800 dark:text-red-300">
          The activity could not be read from the store.
        </p>
      ) : found.rows.length === 0 ? (
        <p className="text-zinc-600 dark:text-zinc-400">No activity recorded yet.</p>
      ) : (
        <>
          <ActivityTable caption="Activity on this record" rows={found.rows} withRecord={false} />
          {found.hasOlder && (
            <p className="mt-2">
              <IntentLink href={older} className="text-blue-700 hover:underline dark:text-blue-300">
                Older activity on this record
              </IntentLink>
            </p>
          )}
        </>
      )}
    </Card>
  )
}

/** The newest entries, or null when the store did not answer (the record itself still shows). */
async function readActivity(resource: ActivityResource) {
  try {
    const { db } = await getStore()
    return await recordActivity(db, resource, SHOWN)
  } catch {
    return null
  }
}

function ActivitySkeleton() {
  return (
    <div className="rounded-md border border-zinc-200 p-4 dark:border-zinc-800">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="mt-3 h-16 w-full" />
    </div>
  )
}
