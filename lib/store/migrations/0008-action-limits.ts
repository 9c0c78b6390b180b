import { sql, type Kysely } from 'kysely'

/*
 * The limiter of sensitive actions (reveals, unmasked exports, evidence packs): one token bucket
 * per analyst and action, in the store so that every instance draws from the same bucket.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create table action_limits (
    analyst_id text not null,
    action text not null,
    tokens double precision not null,
    updated_at timestamptz not null,
    primary key (analyst_id, action)
  )`.execute(db)
}
