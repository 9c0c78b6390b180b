import type { ColumnType, Generated, Insertable, Selectable } from 'kysely'

import type { Viewer } from '@/lib/auth/viewer'

/*
 * The tables as Kysely sees them (the migrations in ./migrations make them). int8 columns are read
 * as numbers (open.ts sets the parser): sequence numbers stay far below 2^53.
 */

export type AuditEventsTable = {
  seq: number
  at: ColumnType<Date, Date, never>
  /** Display only; `analyst_id` says who acted (null: nobody signed in). */
  user_label: string
  analyst_id: string | null
  action: string
  resource_type: string
  resource_id: string | null
  field: string | null
  reason: string | null
  request_id: string
  client_request_id: string | null
  outcome: string
  prev_hash: string
  hash: string
}

/** One row (id 1): where the trail ends, under the key, so a cut-off tail is noticed. */
export type AuditHeadTable = {
  id: number
  seq: number
  hash: string
  mac: string
}

export type SessionsTable = {
  /** SHA-256 of the session id in the cookie: the table alone cannot be replayed as cookies. */
  id: string
  user_label: string
  analyst_id: string
  /** Rows made before analysts were identified by issuer and subject have no `iss`. */
  viewer: ColumnType<Omit<Viewer, 'iss'> & { iss?: string }, string, never>
  created_at: ColumnType<Date, Date, never>
  last_seen_at: ColumnType<Date, Date, Date>
  expires_at: ColumnType<Date, Date, never>
  ended_at: ColumnType<Date | null, never, Date>
  end_reason: ColumnType<string | null, never, string>
  /** When the provider last confirmed the account (lib/auth/provider-check.ts). */
  checked_at: ColumnType<Date, Date, Date>
  /** The provider's tokens, sealed; null when the provider gave none to recheck with. */
  provider_tokens: ColumnType<string | null, string | null, string | null>
}

/** An analyst's decision on one match of one AML report; a change is a new row. */
export type MatchDecisionsTable = {
  id: Generated<number>
  search_id: string
  match_uuid: string
  /** The screened applicant, resolved on the server; null when the report's subject is unknown. */
  applicant_id: string | null
  decision: string
  action: string
  reason: string
  user_label: string
  analyst_id: string
  at: ColumnType<Date, Date, never>
  carried_from: number | null
  /** Whether this entry settles its match alone, decided when written (decision-rules.ts). */
  settles: boolean
}

export type NotesTable = {
  id: Generated<number>
  resource_type: string
  resource_id: string
  body: string
  user_label: string
  analyst_id: string
  at: ColumnType<Date, Date, never>
}

/**
 * One mirrored webhook history record: the facts lists look across, never the whole payload.
 * `payload_state` says why a record's facts may be missing; `name_key` is the requested name in
 * lower case without accents, for search.
 */
export type HistoryRecordsTable = {
  id: string
  webhook_id: string | null
  event_type: string | null
  at: Date | null
  payload_state: 'ok' | 'unreadable' | 'no_event_type'
  applicant_id: string | null
  screening_id: string | null
  search_uuid: string | null
  verification_id: string | null
  short_id: string | null
  /** The verification's or check's status (DOCVER, DOCVER_CHECKS). */
  status: string | null
  requested_name: string | null
  name_key: string | null
  /** The screening's highest risk (AML_SCREENING). */
  risk: string | null
  match_count: number | null
  external_id: string | null
  is_sandbox: boolean | null
  /** Error codes of the verification's checks, each once. */
  error_codes: number[]
  attempts: number | null
  response_code: string | null
  /**
   * A newer record of the same subject exists (an applicant's screening, a verification's record):
   * given when the mirror first stores a record (its upsert), kept by the table's triggers
   * (migration 0014) whoever writes.
   */
  superseded: ColumnType<boolean, never, never>
  first_seen_at: ColumnType<Date, Date, never>
  updated_at: Date
}

/** The mirror's cursors and counts: one row, named 'history' (migration 0005). */
export type HistorySyncStateTable = {
  name: string
  history_order: 'newest_first' | 'oldest_first' | null
  /** The `after` of the next backfill page; oldest-first, also the tail the polls follow. */
  backfill_cursor: string | null
  backfill_done: boolean
  backfill_pages: number
  backfill_records: number
  /** Time spent reading backfill pages, summed over runs: the rate shown is records per second of it. */
  backfill_seconds: number
  backfill_started_at: Date | null
  backfill_done_at: Date | null
  /** Newest-first: the `after` where an interrupted poll continues; null between polls. */
  poll_cursor: string | null
  polls: number
  last_poll_at: Date | null
  /** Rows in history_records, kept with every page so the status needs no count(*). */
  records: number
  last_error_at: Date | null
  last_error: string | null
  updated_at: Date
}

/** Which instance syncs the mirror, until when (migration 0005). */
export type HistorySyncLeaseTable = {
  name: string
  holder: string
  acquired_at: Date
  expires_at: Date
}

/** A token bucket of one analyst (lib/auth/viewer.ts analystId) for one sensitive action. */
export type ActionLimitsTable = {
  analyst_id: string
  action: string
  tokens: number
  updated_at: Date
}

/** A queue item's case (migration 0006); `version` grows with every change, for conditional writes. */
export type CasesTable = {
  id: Generated<number>
  kind: 'screening' | 'failed_verification'
  resource_type: 'aml_search' | 'verification'
  resource_id: string
  /** The history record that made the case (a screening's subject for its report). */
  record_id: string
  applicant_id: string | null
  risk: string | null
  /** Take next hands out the highest first: High 3, failed verification 2, Medium 1. */
  priority: number
  state: 'open' | 'in_review' | 'waiting' | 'escalated' | 'closed'
  /** analystId() of the owner; the label is for display only. */
  owner_id: string | null
  owner_label: string | null
  due_at: Date
  snoozed_until: Date | null
  outcome: 'false_positive' | 'true_match' | 'no_action_needed' | null
  close_reason: string | null
  created_at: ColumnType<Date, Date, never>
  updated_at: Date
  version: Generated<number>
  /**
   * The record's time, webhook and environment, null when the record is gone: kept by triggers
   * (migration 0015), never written by the app.
   */
  record_at: ColumnType<Date | null, never, never>
  record_webhook_id: ColumnType<string | null, never, never>
  record_is_sandbox: ColumnType<boolean | null, never, never>
  /**
   * When the case's clock starts (migration 0024): its record's time, or its making if earlier.
   * Its age, its place in Take next and its due date count from it; filled from the record when
   * not given.
   */
  clock_at: ColumnType<Date, Date | undefined, never>
}

/** An analyst who marked themselves away (or back): automatic assignment passes them over. */
export type AnalystPresenceTable = {
  analyst_id: string
  away: boolean
  changed_at: Date
}

/** One step in a case's life; append-only. */
export type CaseEventsTable = {
  id: Generated<number>
  case_id: number
  kind: string
  /** analystId() of who acted; null for the mirror making the case. */
  analyst_id: string | null
  user_label: string
  from_state: string | null
  to_state: string | null
  owner_id: string | null
  owner_label: string | null
  outcome: string | null
  reason: string | null
  until: Date | null
  at: ColumnType<Date, Date, never>
}

export type Database = {
  audit_events: AuditEventsTable
  audit_head: AuditHeadTable
  sessions: SessionsTable
  match_decisions: MatchDecisionsTable
  notes: NotesTable
  history_records: HistoryRecordsTable
  history_sync_state: HistorySyncStateTable
  history_sync_lease: HistorySyncLeaseTable
  action_limits: ActionLimitsTable
  cases: CasesTable
  case_events: CaseEventsTable
  analyst_presence: AnalystPresenceTable
}

export type AuditEventRow = Selectable<AuditEventsTable>
export type NewAuditEvent = Insertable<AuditEventsTable>
export type SessionRow = Selectable<SessionsTable>
export type MatchDecisionRow = Selectable<MatchDecisionsTable>
export type NoteRow = Selectable<NotesTable>
export type HistoryRecordRow = Selectable<HistoryRecordsTable>
export type HistorySyncStateRow = Selectable<HistorySyncStateTable>
export type CaseRow = Selectable<CasesTable>
export type CaseEventRow = Selectable<CaseEventsTable>
