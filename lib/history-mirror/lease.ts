import 'server-only'

import { sql, type Kysely } from 'kysely'

import type { Database } from '@/lib/store/schema'

/*
 * Exactly one instance syncs: the one holding the lease row. Taking it is one statement that
 * succeeds when the row is free, expired or already ours, on PGlite and a PostgreSQL server alike;
 * time is the database's own. A holder that stops renewing is replaced once the lease expires.
 */

export const LEASE = 'history'

/** Takes or renews the lease for `seconds`; true when `holder` has it afterwards. */
export async function takeLease(
  db: Kysely<Database>,
  holder: string,
  seconds: number,
): Promise<boolean> {
  const expires = sql<Date>`now() + ${seconds} * interval '1 second'`
  const row = await db
    .insertInto('history_sync_lease')
    .values({ name: LEASE, holder, acquired_at: sql<Date>`now()`, expires_at: expires })
    .onConflict((conflict) =>
      conflict
        .column('name')
        .doUpdateSet({
          holder,
          expires_at: expires,
          // A renewal keeps the time it was first taken; a takeover starts it again.
          acquired_at: sql<Date>`case when history_sync_lease.holder = ${holder}
            then history_sync_lease.acquired_at else now() end`,
        })
        .where((eb) =>
          eb.or([
            eb('history_sync_lease.holder', '=', holder),
            eb('history_sync_lease.expires_at', '<', sql<Date>`now()`),
          ]),
        ),
    )
    .returning('holder')
    .executeTakeFirst()
  return row?.holder === holder
}

/** Gives the lease up at once (a clean stop), so another instance need not wait for it to expire. */
export async function releaseLease(db: Kysely<Database>, holder: string): Promise<void> {
  await db
    .deleteFrom('history_sync_lease')
    .where('name', '=', LEASE)
    .where('holder', '=', holder)
    .execute()
}

/** Who holds an unexpired lease, if anyone. */
export async function leaseHolder(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom('history_sync_lease')
    .select('holder')
    .where('name', '=', LEASE)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst()
  return row?.holder ?? null
}
