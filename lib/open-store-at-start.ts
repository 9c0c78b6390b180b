import 'server-only'

import { appTrail } from '@/lib/audit/app-trail'
import { schedulePurge } from '@/lib/auth/session-service'
import { authSettings } from '@/lib/auth/settings'
import { startHistorySync } from '@/lib/history-mirror/start'
import { getStore } from '@/lib/store/store'

/**
 * Opens and migrates the store as the server starts, seals a new audit trail's head and starts
 * the session purge and the history mirror's sync (in the background: the first page does not
 * wait for it). A store that cannot be opened or migrated stops the server with the cause.
 */
export async function openStoreAtStart() {
  try {
    const store = await getStore()
    await appTrail()
    const settings = authSettings()
    if (settings.mode === 'oidc') schedulePurge(settings)
    console.log(JSON.stringify({ level: 'info', msg: 'store ready', store: store.where }))
    startHistorySync().catch((error: unknown) =>
      console.warn(
        JSON.stringify({
          level: 'warn',
          msg: 'history mirror: sync did not start',
          error: error instanceof Error ? error.message : String(error),
        }),
      ),
    )
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error))
    process.exit(1)
  }
}
