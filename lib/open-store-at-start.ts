import 'server-only'

import { appTrail } from '@/lib/audit/app-trail'
import { schedulePurge } from '@/lib/auth/session-service'
import { authSettings } from '@/lib/auth/settings'
import { getStore } from '@/lib/store/store'

/**
 * Opens and migrates the store as the server starts, seals a new audit trail's head and starts
 * the session purge. A store that cannot be opened or migrated stops the server with the cause.
 */
export async function openStoreAtStart() {
  try {
    const store = await getStore()
    await appTrail()
    const settings = authSettings()
    if (settings.mode === 'oidc') schedulePurge(settings)
    console.log(JSON.stringify({ level: 'info', msg: 'store ready', store: store.where }))
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error))
    process.exit(1)
  }
}
