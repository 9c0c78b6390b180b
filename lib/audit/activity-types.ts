import type { Verification } from '@/lib/audit/chain'

/** What the activity views show of the audit trail; the reads are in activity.ts (server-only). */

export type ActivityRow = {
  id: number
  /** Its place in the chain; null for the moment until the sequencer seals it. */
  seq: number | null
  time: string
  user: string
  action: string
  resource: { type: string; id: string | null }
  field: string | null
  outcome: string
}

export type ActivityPage = { rows: ActivityRow[]; hasOlder: boolean }

/** A record an analyst opened, at the last time they did. */
export type OpenedRecord = { type: string; id: string; at: string }

export type TrailStatus = { verification: Verification; fullAt: Date; checkedAt: Date }
