import { sql, type Kysely } from 'kysely'

/*
 * The audit append (lib/audit/trail.ts `appendAt`) as a function: every read of upstream data
 * commits one before it answers, and as a statement of its own it was parsed and planned on every
 * call. PL/pgSQL plans its statements once per connection. It moves the head only if it is still
 * where the writer last left it and then inserts the rows, given as one array per column; it
 * answers how many it inserted, 0 when another instance moved the head first.
 */
const statements = [
  `create function verity_audit_append(
    from_seq bigint, from_hash text, head_seq bigint, head_hash text, head_mac text,
    seqs bigint[], ats timestamptz[], user_labels text[], analyst_ids text[], actions text[],
    resource_types text[], resource_ids text[], fields text[], reasons text[], request_ids text[],
    client_request_ids text[], outcomes text[], prev_hashes text[], hashes text[]
  ) returns bigint language plpgsql as $$
  declare
    inserted bigint;
  begin
    update audit_head set seq = head_seq, hash = head_hash, mac = head_mac
      where id = 1 and seq = from_seq and hash = from_hash;
    if not found then
      return 0;
    end if;
    insert into audit_events (seq, at, user_label, analyst_id, action, resource_type, resource_id,
      field, reason, request_id, client_request_id, outcome, prev_hash, hash)
    select * from unnest(seqs, ats, user_labels, analyst_ids, actions, resource_types,
      resource_ids, fields, reasons, request_ids, client_request_ids, outcomes, prev_hashes, hashes);
    get diagnostics inserted = row_count;
    return inserted;
  end
  $$`,
]

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
