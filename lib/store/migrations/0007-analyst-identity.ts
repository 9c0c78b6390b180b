import { sql, type Kysely } from 'kysely'

/*
 * Analysts are identified by the provider's issuer and subject (lib/auth/viewer.ts `analystId`),
 * stored beside the display label on every row that records who acted, and compared instead of it.
 *
 * Rows written before carry no issuer. They get `verity:before-issuer <label>`: no real identity
 * starts so (an issuer is an https URL), so an old row never counts as any signed-in analyst, and
 * old rows of one label stay one analyst among themselves. The audit chain leaves exactly that
 * value out of a row's hash (lib/audit/chain.ts), so old rows still verify. The review tables and
 * the trail are append-only: their triggers are set aside for this one update, in the migration's
 * transaction.
 *
 * A decision also records whether it settles its match alone (`settles`), decided when it is
 * written: a false positive set over a standing true match awaits a second analyst, which the
 * decision and action alone no longer tell. Old rows get what the rules said when they were written.
 *
 * A session keeps what it needs to recheck the account with the provider: when it last did, and
 * the provider's tokens, sealed under a key derived from SESSION_SECRET (lib/auth/provider-check.ts).
 */
const LEGACY = `'verity:before-issuer ' || user_label`

const statements = [
  `alter table audit_events add column analyst_id text`,
  `alter table audit_events disable trigger audit_events_append_only`,
  `update audit_events set analyst_id = ${LEGACY}`,
  `alter table audit_events enable trigger audit_events_append_only`,
  `create index audit_events_analyst on audit_events (analyst_id, seq desc)`,

  `alter table match_decisions add column analyst_id text`,
  `alter table match_decisions add column settles boolean`,
  `alter table match_decisions disable trigger match_decisions_append_only`,
  `update match_decisions set analyst_id = ${LEGACY},
    settles = action in ('confirm', 'overturn') or (action = 'set' and decision = 'false_positive')`,
  `update match_decisions d set settles = coalesce(s.settles, false)
    from match_decisions s where d.action = 'carry_over' and s.id = d.carried_from`,
  `alter table match_decisions enable trigger match_decisions_append_only`,
  `alter table match_decisions alter column analyst_id set not null`,
  `alter table match_decisions alter column settles set not null`,

  `alter table notes add column analyst_id text`,
  `alter table notes disable trigger notes_append_only`,
  `update notes set analyst_id = ${LEGACY}`,
  `alter table notes enable trigger notes_append_only`,
  `alter table notes alter column analyst_id set not null`,

  `alter table sessions add column analyst_id text`,
  `update sessions set analyst_id = ${LEGACY}`,
  `alter table sessions alter column analyst_id set not null`,
  `alter table sessions add column checked_at timestamptz`,
  `update sessions set checked_at = created_at`,
  `alter table sessions alter column checked_at set not null`,
  `alter table sessions add column provider_tokens text`,
]

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
