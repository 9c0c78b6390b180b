import 'server-only'

import { getEnv } from '@/lib/env'

export type MirrorSettings = {
  enabled: boolean
  pollSeconds: number
  pageSize: number
  /** A holder renews every third of this; another instance takes over once it has passed. */
  leaseSeconds: number
  /** Records larger than this many bytes are set aside unread. */
  recordCap: number
}

export function mirrorSettings(): MirrorSettings {
  const env = getEnv()
  return {
    enabled: env.HISTORY_SYNC,
    pollSeconds: env.HISTORY_POLL_SECONDS,
    pageSize: env.HISTORY_PAGE_SIZE,
    leaseSeconds: env.HISTORY_LEASE_SECONDS,
    recordCap: env.HISTORY_RECORD_MAX_BYTES,
  }
}
