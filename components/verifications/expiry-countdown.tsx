'use client'

import { useNow } from '@/components/ui/timestamp'
import { formatDuration, parseTimestamp } from '@/lib/util/time'
import { canStillExpire } from '@/lib/verifications/lifecycle'

const DAY_MS = 24 * 3600_000

/** Time left before a verification that can still expire does; nothing once it cannot. */
export function ExpiryCountdown({
  expiresAt,
  status,
}: {
  expiresAt: string | null | undefined
  status: string | null | undefined
}) {
  const now = useNow()
  const expires = parseTimestamp(expiresAt)
  if (!now || !expires || !canStillExpire(status)) return null
  const left = expires.getTime() - now.getTime()
  if (left <= 0) {
    return (
      <span className="text-xs font-medium text-orange-700 dark:text-orange-300">
        expiry time passed; not yet marked expired
      </span>
    )
  }
  const soon = left < DAY_MS
  return (
    <span
      className={`text-xs ${soon ? 'font-medium text-amber-700 dark:text-amber-300' : 'text-faint'}`}
    >
      expires in {formatDuration(left)}
    </span>
  )
}
