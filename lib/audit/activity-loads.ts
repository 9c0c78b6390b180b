import 'server-only'

import { redirect } from 'next/navigation'

import { findActivity, openedRecordsOf, recordActivity } from '@/lib/audit/activity'
import { parseActivityFilters } from '@/lib/audit/activity-filters'
import { activitySearchParams } from '@/lib/audit/activity-query'
import type { ActivityPage, OpenedRecord } from '@/lib/audit/activity-types'
import { appTrail } from '@/lib/audit/app-trail'
import { audit } from '@/lib/audit/record'
import { trailStatus } from '@/lib/audit/trail-status'
import { getViewer } from '@/lib/auth/session'
import { analystId } from '@/lib/auth/viewer'
import { actorOf } from '@/lib/cases/settings'
import { signInPath } from '@/lib/routes'
import { getStore } from '@/lib/store/store'

/*
 * The activity views' reads, for the pages to hand to components/activity: the newest entries of
 * one record, and the whole trail filtered by the URL.
 */

const SHOWN = 10

export type ActivityResource = { type: 'verification' | 'aml_search' | 'profile'; id: string }

/**
 * The record's newest entries; `hidden` without a viewer (the page around it has checked already),
 * and null when the store did not answer (the record itself still shows).
 */
export async function loadRecordActivity(
  resource: ActivityResource,
): Promise<ActivityPage | 'hidden' | null> {
  if (!(await getViewer())) return 'hidden'
  try {
    const { db } = await getStore()
    return await recordActivity(db, resource, SHOWN)
  } catch {
    return null
  }
}

/** The /activity page's read; looking at it is itself recorded, before anything is read. */
export async function loadActivityPage(
  searchParams: Record<string, string | string[] | undefined>,
) {
  const viewer = await getViewer()
  if (!viewer) redirect(signInPath)
  const filters = parseActivityFilters(searchParams)
  await audit(
    viewer,
    'view',
    { type: 'activity', id: activitySearchParams(filters).toString() || null },
    'ok',
  )
  const { db } = await getStore()
  const { key } = await appTrail()
  const [page, status] = await Promise.all([
    // Tipping-off rules: a report to the FIU shows in the trail to leads only.
    findActivity(db, filters, undefined, actorOf(viewer).lead),
    trailStatus(db, key).catch(() => null),
  ])
  return { filters, page, status }
}

const OPENED_TYPES = ['verification', 'aml_search', 'profile'] as const

/** The viewer's recently opened records; null when the store did not answer. */
export async function loadOpenedRecords(limit = 8): Promise<OpenedRecord[] | null> {
  const viewer = await getViewer()
  if (!viewer) return []
  try {
    const { db } = await getStore()
    return await openedRecordsOf(db, analystId(viewer), OPENED_TYPES, limit)
  } catch {
    return null
  }
}
