import { useSyncExternalStore } from 'react'

import { isShortId, isUuid } from '@/lib/util/ids'
import { storageStore } from '@/lib/util/local-storage'

export type RecentKind = 'verification' | 'profile' | 'aml' | 'webhook'

/** Only the kind and the id: names and other personal data never reach the browser's storage. */
export type RecentRecord = { kind: RecentKind; id: string }

const KEY = 'verity:recent'
const LIMIT = 8
const EMPTY: readonly RecentRecord[] = []

const validId: Record<RecentKind, (id: string) => boolean> = {
  verification: (id) => isShortId(id) && !isUuid(id),
  profile: isUuid,
  aml: isUuid,
  webhook: isUuid,
}

/** Stored data may be old, edited or from another version: anything unexpected is dropped. */
export function parseRecent(stored: string | null): readonly RecentRecord[] {
  if (!stored) return EMPTY
  let value: unknown
  try {
    value = JSON.parse(stored)
  } catch {
    return EMPTY
  }
  if (!Array.isArray(value)) return EMPTY
  return value
    .filter((item): item is RecentRecord => {
      if (typeof item !== 'object' || item === null) return false
      const { kind, id } = item as Record<string, unknown>
      return (
        typeof kind === 'string' &&
        kind in validId &&
        typeof id === 'string' &&
        validId[kind as RecentKind](id)
      )
    })
    .map(({ kind, id }) => ({ kind, id }))
    .slice(0, LIMIT)
}

/** The list after opening `record`: it moves to the front, once. */
export function withRecent(list: readonly RecentRecord[], record: RecentRecord): RecentRecord[] {
  const rest = list.filter((item) => item.kind !== record.kind || item.id !== record.id)
  return [{ kind: record.kind, id: record.id }, ...rest].slice(0, LIMIT)
}

// Other tabs of the console share the list.
const store = storageStore(KEY)
let cachedRaw: string | null = null
let cached: readonly RecentRecord[] = EMPTY

function read(): readonly RecentRecord[] {
  // Disabled storage reads as null: the list is then simply empty.
  const raw = store.read()
  if (raw !== cachedRaw) {
    cachedRaw = raw
    cached = parseRecent(raw)
  }
  return cached
}

export function rememberRecent(record: RecentRecord) {
  if (!validId[record.kind](record.id)) return
  store.write(JSON.stringify(withRecent(read(), record)))
}

export function clearRecent() {
  store.write(null)
}

/** Recently opened records, newest first; empty on the server and during hydration. */
export function useRecentRecords(): readonly RecentRecord[] {
  return useSyncExternalStore(store.subscribe, read, () => EMPTY)
}
