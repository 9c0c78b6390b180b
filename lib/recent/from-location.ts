import { queryKeys } from '@/lib/queries/keys'
import type { RecentRecord } from '@/lib/recent/recent-records'
import { isShortId, isUuid } from '@/lib/util/ids'

/** The record a page of the console shows, from its address; null for lists and other pages. */
export function recentFromLocation(
  pathname: string,
  webhookId: string | null,
): RecentRecord | null {
  const [first = '', second = '', ...rest] = pathname.split('/').filter(Boolean)
  if (rest.length > 0) return null
  let id = ''
  try {
    id = decodeURIComponent(second)
  } catch {
    return null
  }
  if (first === 'verifications' && isShortId(id) && !isUuid(id)) return { kind: 'verification', id }
  if (first === 'profiles' && isUuid(id)) return { kind: 'profile', id }
  if (first === 'aml' && isUuid(id)) return { kind: 'aml', id }
  if (first === 'webhooks' && !second && webhookId && isUuid(webhookId)) {
    return { kind: 'webhook', id: webhookId }
  }
  return null
}

/**
 * The query whose success proves the record exists: an address alone may be a typo, and a record
 * is only offered again once it has been seen.
 */
export function recentQueryKey(record: RecentRecord): readonly unknown[] {
  switch (record.kind) {
    case 'verification':
      return queryKeys.verifications.byShortId(record.id)
    case 'profile':
      return queryKeys.profiles.detail(record.id)
    case 'aml':
      return queryKeys.aml.search(record.id)
    case 'webhook':
      return queryKeys.webhooks.history(record.id)
  }
}
