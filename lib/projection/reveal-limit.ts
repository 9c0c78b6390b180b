import 'server-only'

import { getEnv } from '@/lib/env'

/*
 * How many values one analyst may reveal per minute: enough for real work, not enough to page
 * through every record's personal data. Counted per process; the audit trail records every
 * reveal whichever instance served it.
 */

const WINDOW_MS = 60_000
const KEY = Symbol.for('verity.reveal-limit')
const shared = globalThis as typeof globalThis & { [KEY]?: Map<string, number[]> }

/** Seconds until the analyst may reveal again, or 0 when this reveal may go ahead (and is counted). */
export function takeReveal(analyst: string, now = Date.now()): number {
  const windows = (shared[KEY] ??= new Map<string, number[]>())
  const recent = (windows.get(analyst) ?? []).filter((time) => now - time < WINDOW_MS)
  if (recent.length >= getEnv().REVEAL_LIMIT_PER_MINUTE) {
    windows.set(analyst, recent)
    return Math.max(1, Math.ceil((WINDOW_MS - (now - (recent[0] ?? now))) / 1_000))
  }
  recent.push(now)
  windows.set(analyst, recent)
  return 0
}
