import 'server-only'

import type { Kysely } from 'kysely'
import { redirect } from 'next/navigation'

import { getViewer } from '@/lib/auth/session'
import { getEnv } from '@/lib/env'
import { signInPath } from '@/lib/routes'
import type { Database } from '@/lib/store/schema'
import { getStore } from '@/lib/store/store'

import type { DeliveryStatus } from './delivery-status-types'
import { mirrorLog } from './log'
import { STATE } from './state'

export type { DeliveryStatus } from './delivery-status-types'

/** The deliveries' counts, the last one and the refused ones, as every instance counted them. */
export async function deliveryStatus(db: Kysely<Database>): Promise<DeliveryStatus> {
  const [stats, refusals] = await Promise.all([
    db
      .selectFrom('history_delivery_stats')
      .selectAll()
      .where('name', '=', STATE)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('history_delivery_refusal_counts')
      .selectAll()
      .orderBy('last_at', 'desc')
      .execute(),
  ])
  return {
    enabled: getEnv().DS_WEBHOOK_SECRET.length > 0,
    received: Number(stats.received),
    alreadyHeld: Number(stats.already_held),
    refused: Number(stats.refused),
    last:
      stats.last_received_at && stats.last_record_id
        ? {
            at: stats.last_received_at.toISOString(),
            recordId: stats.last_record_id,
            eventType: stats.last_event_type,
          }
        : null,
    refusals: refusals.map((row) => ({
      at: row.last_at.toISOString(),
      reason: row.reason,
      status: row.status,
      bodyBytes: row.last_body_bytes,
      count: Number(row.count),
    })),
  }
}

/** /history-sync's deliveries section: signed in only; null when the store did not answer. */
export async function loadDeliveryStatus(): Promise<DeliveryStatus | null> {
  if (!(await getViewer())) redirect(signInPath)
  try {
    const { db } = await getStore()
    return await deliveryStatus(db)
  } catch (error) {
    mirrorLog('warn', 'delivery status could not be read', {
      error: error instanceof Error ? error.message : String(error),
    })
    return null
  }
}
