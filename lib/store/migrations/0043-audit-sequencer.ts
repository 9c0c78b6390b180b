import { sql, type Kysely } from 'kysely'

/*
 * The audit trail off the request path (issue #55, lib/audit/sequencer.ts): a read commits its row
 * unchained, and the sequencer links committed rows into the chain a moment later.
 *
 * - `id`, from a sequence, is a row's identity from its append on (old rows: their `seq`); `seq`,
 *   `prev_hash` and `hash` (its place in the chain) stay null until the sequencer seals it, in the
 *   order it reads committed rows, so a row that commits late is sealed late, never skipped.
 * - `writer` and `writer_seq`: the process that appended it and its own count, 1, 2, 3… A writer
 *   sends one write at a time, so its rows commit in that order: a number missing among them is a
 *   row removed before it was sealed. `append_mac` is an HMAC over the row as appended, so one
 *   changed before sealing is refused by the sequencer and named by the verifier.
 * - The append-only trigger lets one update through: the sequencer's, setting exactly those three
 *   columns of an unsealed row and nothing else (every other column is compared by name, cheaper
 *   per sealed row than comparing the rows as JSON; a column added later belongs in that list, and
 *   the append MAC covers the content either way).
 * - The activity views and their indexes follow `id` (append order): an unsealed row has no `seq`.
 *   `audit_events_user` goes: no query reads it.
 * - Migration 0018's append function moved the head with every row; nothing calls it now.
 */
const statements = [
  `alter table audit_events add column id bigint`,
  `alter table audit_events disable trigger audit_events_append_only`,
  `update audit_events set id = seq`,
  `alter table audit_events enable trigger audit_events_append_only`,
  `create sequence audit_events_id_seq owned by audit_events.id`,
  `select setval('audit_events_id_seq', coalesce((select max(id) from audit_events), 0) + 1, false)`,
  `alter table audit_events alter column id set default nextval('audit_events_id_seq')`,
  `alter table audit_events alter column id set not null`,
  `alter table audit_events drop constraint audit_events_pkey`,
  `alter table audit_events add primary key (id)`,
  // Only sealed rows have a place; an unsealed row's append adds nothing to this index.
  `create unique index audit_events_seq on audit_events (seq) where seq is not null`,
  `alter table audit_events alter column seq drop not null,
    alter column prev_hash drop not null, alter column hash drop not null`,
  `alter table audit_events add column writer text, add column writer_seq bigint,
    add column append_mac text`,
  `create unique index audit_events_writer on audit_events (writer, writer_seq)`,
  `create index audit_events_unsealed on audit_events (id) where seq is null`,
  `drop index audit_events_resource`,
  `drop index audit_events_analyst`,
  `create index audit_events_resource on audit_events (resource_type, resource_id, id desc)`,
  `create index audit_events_analyst on audit_events (analyst_id, id desc)`,
  // No query uses it (the activity page's name filter is an ilike on a substring), and each row
  // now writes its indexes twice: at its append and at its seal.
  `drop index audit_events_user`,
  `create or replace function verity_audit_append_only() returns trigger language plpgsql as $$
  begin
    if tg_op = 'UPDATE' then
      if old.seq is null and new.seq is not null and new.prev_hash is not null
        and new.hash is not null
        and (new.id, new.at, new.user_label, new.analyst_id, new.action, new.resource_type,
          new.resource_id, new.field, new.reason, new.request_id, new.client_request_id,
          new.outcome, new.writer, new.writer_seq, new.append_mac)
        is not distinct from (old.id, old.at, old.user_label, old.analyst_id, old.action,
          old.resource_type, old.resource_id, old.field, old.reason, old.request_id,
          old.client_request_id, old.outcome, old.writer, old.writer_seq, old.append_mac) then
        return new;
      end if;
    end if;
    raise exception 'the audit trail is append-only';
  end
  $$`,
  `drop function verity_audit_append`,
]

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
