/* What the mirror's status says, for the pages that show it (browser-safe: a type only). */

export type MirrorStatus = {
  records: number
  newestAt: string | null
  oldestAt: string | null
  backfill: {
    done: boolean
    pages: number
    records: number
    /** Known only once done: the upstream tells no total, so a running backfill has no percent. */
    percent: number | null
    perSecond: number | null
    etaSeconds: number | null
  }
  lastPollAt: string | null
  /** Seconds since the last poll that reached the upstream's newest record. */
  lagSeconds: number | null
  lastError: { at: string; message: string } | null
  /** The instance syncing now, or null when none holds the lease. */
  holder: string | null
  /** Records the store refused (history_set_aside): how many, and the most recently met. */
  setAside: { count: number; records: SetAsideRecord[] }
}

export type SetAsideRecord = {
  /** The record id, cut to 200 characters; `idLength` is its whole length. */
  id: string
  idLength: number
  /** A screening's search id: its report opens on its AML page. */
  searchUuid: string | null
  error: string
  bytes: number
  firstSeenAt: string
  lastSeenAt: string
  attempts: number
}
