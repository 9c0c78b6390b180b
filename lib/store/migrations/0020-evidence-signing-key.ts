import { sql, type Kysely } from 'kysely'

/*
 * The deployment's Ed25519 key that signs evidence packs, when EVIDENCE_SIGNING_KEY does not give
 * one: one row, made by whichever instance needs it first (the primary key makes that atomic), its
 * private half encrypted under a key derived from the audit key, its public half in the clear.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create table evidence_signing_key (
    id smallint primary key check (id = 1),
    public_key text not null,
    private_key text not null,
    created_at timestamptz not null default now()
  )`.execute(db)
}
