import 'server-only'

import { appTrail } from '@/lib/audit/app-trail'
import { getStore } from '@/lib/store/store'

/*
 * The session purge's, the history mirror's and the notifications' first work waits this long
 * after the store is ready: on the embedded store they share its one connection with the first
 * pages, and a restarted instance is asked for a page at once (they catch up in seconds).
 */
const BACKGROUND_AFTER_MS = 5_000

/**
 * Opens and migrates the store as the server starts and seals a new audit trail's head; then,
 * a few seconds later, starts the session purge, the history mirror's sync and notifications (in
 * the background: no page waits for them). A store that cannot be opened or migrated stops the
 * server with the cause.
 */
export async function openStoreAtStart() {
  try {
    const store = await getStore()
    await appTrail()
    console.log(
      JSON.stringify({
        level: 'info',
        msg: 'store ready',
        store: store.where,
        // For the cold-start bench and operators: how far into the process's life.
        uptimeMs: Math.round(process.uptime() * 1_000),
      }),
    )
    setTimeout(
      () =>
        void startBackground().catch((error: unknown) =>
          console.warn(
            JSON.stringify({
              level: 'warn',
              msg: 'background work did not start',
              error: error instanceof Error ? error.message : String(error),
            }),
          ),
        ),
      BACKGROUND_AFTER_MS,
    )
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error))
    process.exit(1)
  }
}

async function startBackground() {
  // Loaded only now: imported with this module, their modules (the job queue, the reports' PDF and
  // XML engines among them) were loaded before the store began to open, some 0.3 s of a restart.
  const [
    { schedulePurge },
    { authSettings },
    { startHistorySync },
    { startNotifications },
    { startWeeklyQa },
    { startRetention },
    { retentionSettings },
  ] = await Promise.all([
    import('@/lib/auth/session-service'),
    import('@/lib/auth/settings'),
    import('@/lib/history-mirror/start'),
    import('@/lib/notifications/start'),
    import('@/lib/qa/weekly'),
    import('@/lib/retention/job'),
    import('@/lib/retention/settings'),
  ])
  const settings = authSettings()
  if (settings.mode === 'oidc') schedulePurge(settings)
  startHistorySync().catch((error: unknown) =>
    console.warn(
      JSON.stringify({
        level: 'warn',
        msg: 'history mirror: sync did not start',
        error: error instanceof Error ? error.message : String(error),
      }),
    ),
  )
  startNotifications().catch((error: unknown) =>
    console.warn(
      JSON.stringify({
        level: 'warn',
        msg: 'notifications did not start',
        error: error instanceof Error ? error.message : String(error),
      }),
    ),
  )
  startWeeklyQa().catch((error: unknown) =>
    console.warn(
      JSON.stringify({
        level: 'warn',
        msg: 'qa: the weekly draw did not start',
        error: error instanceof Error ? error.message : String(error),
      }),
    ),
  )
  const retention = retentionSettings()
  if (retention.job) {
    startRetention(retention).catch((error: unknown) =>
      console.warn(
        JSON.stringify({
          level: 'warn',
          msg: 'retention: the daily run did not start',
          error: error instanceof Error ? error.message : String(error),
        }),
      ),
    )
  }
}
