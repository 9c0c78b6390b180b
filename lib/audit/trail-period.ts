import 'server-only'

import { sql, type Kysely } from 'kysely'

import type { Database } from '@/lib/store/schema'

import { GENESIS_HASH, type ChainPosition } from './chain'

/*
 * Where a period lies in the trail, for the exam pack (lib/exam/): the sequence numbers of its
 * first and last rows by their time, and the chain's position just before it when it holds none.
 * The rows themselves are read with readRecords (./trail.ts), as every reader of the trail does.
 */

type Db = Kysely<Database>

export async function periodRows(
  db: Db,
  start: Date,
  end: Date,
): Promise<{ first: number; last: number } | null> {
  const result = await sql<{ first: number | null; last: number | null }>`
    select min(seq)::int8 as first, max(seq)::int8 as last from audit_events
    where at >= ${start} and at < ${end}`.execute(db)
  const row = result.rows[0]
  if (!row || row.first === null || row.last === null) return null
  return { first: Number(row.first), last: Number(row.last) }
}

/** The last row before `start`: where an empty period's chain stands. */
export async function positionBefore(db: Db, start: Date): Promise<ChainPosition> {
  const row = await db
    .selectFrom('audit_events')
    .select(['seq', 'hash'])
    .where('at', '<', start)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row ?? { seq: 0, hash: GENESIS_HASH }
}
