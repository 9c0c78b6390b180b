import 'server-only'

import type { Kysely } from 'kysely'

import type { Database } from '@/lib/store/schema'
import { getStore } from '@/lib/store/store'

import { leaseHolder } from './lease'
import { readState } from './state'
import type { MirrorStatus } from './status-types'

export type { MirrorStatus } from './status-types'

/** How far the mirror reaches, from the app's store. */
export async function readMirrorStatus(): Promise<MirrorStatus> {
  const { db } = await getStore()
  return mirrorStatus(db)
}

/** Set-aside records listed on the status page; the count covers all. */
export const SET_ASIDE_SHOWN = 50

export async function mirrorStatus(db: Kysely<Database>, now = new Date()): Promise<MirrorStatus> {
  const [state, range, holder, setAside, setAsideCount] = await Promise.all([
    readState(db),
    // Both ends come off history_records_newest (migration 0012).
    db
      .selectFrom('history_records')
      .select((eb) => [eb.fn.max('at').as('newest'), eb.fn.min('at').as('oldest')])
      .executeTakeFirst(),
    leaseHolder(db),
    db
      .selectFrom('history_set_aside')
      .selectAll()
      .orderBy('last_seen_at', 'desc')
      .orderBy('key')
      .limit(SET_ASIDE_SHOWN)
      .execute(),
    db
      .selectFrom('history_set_aside')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
  ])
  const records = Number(state.backfill_records)
  return {
    records: Number(state.records),
    newestAt: iso(range?.newest),
    oldestAt: iso(range?.oldest),
    backfill: {
      done: state.backfill_done,
      pages: state.backfill_pages,
      records,
      percent: state.backfill_done ? 100 : null,
      perSecond: state.backfill_seconds > 0 ? Math.round(records / state.backfill_seconds) : null,
      etaSeconds: state.backfill_done ? 0 : null,
    },
    lastPollAt: iso(state.last_poll_at),
    lagSeconds: state.last_poll_at
      ? Math.max(0, Math.round((now.getTime() - state.last_poll_at.getTime()) / 1_000))
      : null,
    lastError:
      state.last_error && state.last_error_at
        ? { at: state.last_error_at.toISOString(), message: state.last_error }
        : null,
    holder,
    setAside: {
      count: Number(setAsideCount.count),
      records: setAside.map((row) => ({
        id: row.record_id,
        idLength: row.id_length,
        searchUuid: row.search_uuid,
        error: row.error,
        bytes: row.raw_bytes,
        firstSeenAt: row.first_seen_at.toISOString(),
        lastSeenAt: row.last_seen_at.toISOString(),
        attempts: row.attempts,
      })),
    },
  }
}

function iso(value: Date | string | null | undefined): string | null {
  if (!value) return null
  return new Date(value).toISOString()
}
