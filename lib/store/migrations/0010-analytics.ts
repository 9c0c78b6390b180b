import { sql, type Kysely } from 'kysely'

/*
 * Indexes for /analytics (docs/analytics.md): each chart reads one event type over a period, so
 * (event_type, at) finds a period's records without walking the others; decisions and case events
 * are read by time; a decision's report is found from its lower-cased search id, as the decision
 * tables store it; cases are read by the record they were made of.
 */
const statements = [
  `create index history_records_event_at on history_records (event_type, at)`,
  `create index history_records_search_lower on history_records (lower(search_uuid))`,
  `create index match_decisions_at on match_decisions (at)`,
  `create index case_events_closed on case_events (at, case_id) where to_state = 'closed'`,
  `create index cases_record on cases (record_id)`,
]

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
