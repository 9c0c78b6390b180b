import 'server-only'

import type { Kysely } from 'kysely'

import type { Database } from '@/lib/store/schema'

import { GENESIS_HASH, verifyTrail, type ChainPosition } from './chain'
import { readHead, readRecords } from './trail'

/*
 * Whether the trail verifies, for the activity page. Reading every row takes about a tenth of a
 * millisecond each, too long for a page once the trail is large, so a process verifies the whole
 * chain at most every few minutes and, in between, the rows added since the last verified one
 * (after checking that row still carries the hash it had). `npm run audit:verify` always reads all.
 */

const FULL_EVERY_MS = 10 * 60 * 1000

type State = { verified: ChainPosition | null; fullAt: number }
const KEY = Symbol.for('verity.audit-trail-status')
const shared = globalThis as typeof globalThis & { [KEY]?: State }

export async function trailStatus(db: Kysely<Database>, key: Uint8Array, now = Date.now()) {
  const state = (shared[KEY] ??= { verified: null, fullAt: 0 })
  const incremental =
    state.verified !== null &&
    now - state.fullAt < FULL_EVERY_MS &&
    (await stillThere(db, state.verified))
  const head = await readHead(db)
  const from = incremental && state.verified ? state.verified : { seq: 0, hash: GENESIS_HASH }
  const verification = await verifyTrail(key, readRecords(db, from.seq), head, from)
  if (!incremental) state.fullAt = now
  state.verified = verification.ok ? verification.last : null
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
