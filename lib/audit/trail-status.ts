import 'server-only'

import type { Kysely } from 'kysely'

import type { Database } from '@/lib/store/schema'

import { GENESIS_HASH, type ChainPosition, type WriterCounts } from './chain'
import { verifyStoredFrom } from './trail'

/*
 * Whether the trail verifies, for the activity page. Reading every row takes about a tenth of a
 * millisecond each, too long for a page once the trail is large, so a process verifies the whole
 * chain at most every few minutes and, in between, the rows added since the last verified one
 * (after checking that row still carries the hash it had), and the rows not yet sealed.
 * `npm run audit:verify` always reads all.
 */

const FULL_EVERY_MS = 10 * 60 * 1000

type State = { verified: ChainPosition | null; writers: WriterCounts; fullAt: number }
const KEY = Symbol.for('verity.audit-trail-status')
const shared = globalThis as typeof globalThis & { [KEY]?: State }

export async function trailStatus(db: Kysely<Database>, key: Uint8Array, now = Date.now()) {
  const state = (shared[KEY] ??= { verified: null, writers: new Map(), fullAt: 0 })
  const incremental =
    state.verified !== null &&
    now - state.fullAt < FULL_EVERY_MS &&
    (await stillThere(db, state.verified))
  const from = incremental && state.verified ? state.verified : { seq: 0, hash: GENESIS_HASH }
  // Each writer's last number in the rows verified, so a number missing among new rows shows.
  const writers: WriterCounts = new Map(incremental ? state.writers : [])
  const verification = await verifyStoredFrom(db, key, from, writers)
  if (!incremental) state.fullAt = now
  state.verified = verification.ok ? verification.last : null
  state.writers = writers
  return { verification, fullAt: new Date(state.fullAt), checkedAt: new Date(now) }
}

async function stillThere(db: Kysely<Database>, position: ChainPosition) {
  if (position.seq === 0) return true
  const row = await db
    .selectFrom('audit_events')
    .select('hash')
    .where('seq', '=', position.seq)
    .executeTakeFirst()
  return row?.hash === position.hash
}
