import 'server-only'

import { sql } from 'kysely'

import { unsealedRows } from '@/lib/audit/unsealed'
import { mirrorHealth } from '@/lib/history-mirror/health'
import { storeWithin } from '@/lib/store/checked-read'
import type { Store } from '@/lib/store/open'

import { beforeScrape, gauge } from './registry'

/*
 * What is the store's state rather than one process's: the cases by state and overdue, the
 * history mirror's lag and the records set aside, the job queues (pg-boss's job table, by queue
 * name, whatever queues there are), the notifications by channel and status, the audit rows not
 * yet sealed, and the reports to the FIU by state and deadline. Read from the
 * store when scraped (a scrape waits a second for a store still opening, then reports without
 * it), so every instance on one database reports the same numbers and a scrape of any one of
 * them is the truth. The pool's connections are this process's own.
 */

const CASE_STATES = ['open', 'in_review', 'waiting', 'escalated', 'closed'] as const

const UNDEFINED_TABLE = '42P01'

/** A gauge of the store's state, labelled by `labelNames` where it has any. */
function storeGauge<L extends string>(name: string, help: string, labelNames?: readonly L[]) {
  return gauge<L>({ name, help, ...(labelNames ? { labelNames } : {}) })
}

/** `read` before each scrape, given the store once it is open (without it, the gauges stay). */
function fromStore(name: string, read: (store: Store) => Promise<void> | void) {
  beforeScrape(name, async () => {
    const store = await storeWithin()
    if (store) await read(store)
  })
}

export function registerStoreMetrics() {
  const cases = storeGauge('verity_cases', 'Cases by state.', ['state'])
  const overdue = storeGauge(
    'verity_cases_overdue',
    'Active cases past their due date (not closed, not snoozed).',
  )
  const dueToday = storeGauge(
    'verity_cases_due_today',
    'Active cases due before the end of the day (UTC), not yet overdue.',
  )
  const oldestOverdue = storeGauge(
    'verity_cases_overdue_oldest_seconds',
    'How long the longest-overdue active case has been past its due date; 0 when none is.',
  )
  const lag = storeGauge(
    'verity_history_mirror_lag_seconds',
    'How long the history mirror may have missed new records (absent before it started).',
  )
  const setAside = storeGauge(
    'verity_history_mirror_set_aside',
    'History records the mirror set aside (listed on /history-sync).',
  )
  const jobs = storeGauge(
    'verity_queue_jobs',
    'Jobs in the job queues (pg-boss), by queue name and state.',
    ['queue', 'state'],
  )
  const notifications = storeGauge(
    'verity_notifications',
    'Notifications on the notifications page, by channel and status (failed: every try failed).',
    ['channel', 'status'],
  )
  const unsealed = storeGauge(
    'verity_audit_unsealed_rows',
    'Audit rows committed but not yet sealed into the HMAC chain.',
  )
  const unsealedOldest = storeGauge(
    'verity_audit_unsealed_oldest_seconds',
    'How long the oldest unsealed audit row has waited; 0 when none waits.',
  )
  const reports = storeGauge(
    'verity_fiu_reports',
    'Reports to the FIU by state (counts only: a report is confidential).',
    ['state'],
  )
  const reportsDue = storeGauge(
    'verity_fiu_reports_unfiled',
    'Reports to the FIU not yet filed: past their due date, or due within seven days.',
    ['due'],
  )
  const connections = storeGauge(
    'verity_store_connections',
    "This instance's store connections: total, idle, and requests waiting for one.",
    ['state'],
  )

  fromStore('cases', async (store) => {
    const now = new Date()
    const endOfDay = new Date(now)
    endOfDay.setUTCHours(24, 0, 0, 0)
    const active = sql`(state <> 'closed' and not (state = 'waiting' and snoozed_until is not null and snoozed_until > ${now}))`
    const [byState, due] = await Promise.all([
      store.db
        .selectFrom('cases')
        .select(['state', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy('state')
        .execute(),
      sql<{ overdue: number; due_today: number; oldest: Date | null }>`
        select count(*) filter (where ${active} and due_at < ${now})::int as overdue,
          count(*) filter (where ${active} and due_at >= ${now} and due_at < ${endOfDay})::int as due_today,
          min(due_at) filter (where ${active} and due_at < ${now}) as oldest
        from cases`.execute(store.db),
    ])
    for (const state of CASE_STATES) {
      cases.set({ state }, Number(byState.find((row) => row.state === state)?.count ?? 0))
    }
    const row = due.rows[0]
    overdue.set(Number(row?.overdue ?? 0))
    dueToday.set(Number(row?.due_today ?? 0))
    oldestOverdue.set(row?.oldest ? (now.getTime() - new Date(row.oldest).getTime()) / 1_000 : 0)
  })

  fromStore('history-mirror', async (store) => {
    const health = await mirrorHealth(store.db)
    lag.reset()
    if (health.lagSeconds !== null) lag.set(health.lagSeconds)
    setAside.set(health.setAside)
  })

  fromStore('queue-jobs', async (store) => {
    try {
      const { rows } = await store.query<{ name: string; state: string; count: number }>({
        text: 'select name, state::text as state, count(*)::int as count from pgboss.job group by name, state',
      })
      jobs.reset()
      for (const row of rows) jobs.set({ queue: row.name, state: row.state }, Number(row.count))
    } catch (error) {
      // No queue has been started on this store yet: no jobs.
      if ((error as { code?: unknown }).code !== UNDEFINED_TABLE) throw error
      jobs.reset()
    }
  })

  fromStore('notifications', async (store) => {
    const rows = await store.db
      .selectFrom('notifications')
      .select(['channel', 'status', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy(['channel', 'status'])
      .execute()
    notifications.reset()
    for (const row of rows) {
      notifications.set({ channel: row.channel, status: row.status }, Number(row.count))
    }
  })

  fromStore('audit-sealing', async (store) => {
    const waiting = await unsealedRows(store.db)
    unsealed.set(waiting.count)
    unsealedOldest.set(waiting.oldestSeconds ?? 0)
  })

  fromStore('fiu-reports', async (store) => {
    const now = new Date()
    const week = new Date(now.getTime() + 7 * 86_400_000)
    const unfiled = sql`state in ('draft', 'awaiting_approval', 'approved')`
    const [byState, due] = await Promise.all([
      store.db
        .selectFrom('fiu_reports')
        .select(['state', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy('state')
        .execute(),
      sql<{ overdue: number; soon: number }>`
        select count(*) filter (where ${unfiled} and due_at < ${now})::int as overdue,
          count(*) filter (where ${unfiled} and due_at >= ${now} and due_at < ${week})::int as soon
        from fiu_reports`.execute(store.db),
    ])
    reports.reset()
    for (const row of byState) reports.set({ state: row.state }, Number(row.count))
    reportsDue.set({ due: 'overdue' }, Number(due.rows[0]?.overdue ?? 0))
    reportsDue.set({ due: 'within_7_days' }, Number(due.rows[0]?.soon ?? 0))
  })

  fromStore('store-pool', (store) => {
    connections.set({ state: 'total' }, store.pool.totalCount)
    connections.set({ state: 'idle' }, store.pool.idleCount)
    connections.set({ state: 'waiting' }, store.pool.waitingCount)
  })
}
