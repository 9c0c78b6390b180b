import type { ColumnType, Generated, Insertable, Selectable } from 'kysely'

import type { Viewer } from '@/lib/auth/viewer'
import type { QaClosure, QaDrawn } from '@/lib/qa/draw'

/*
 * The tables as Kysely sees them (the migrations in ./migrations make them). int8 columns are read
 * as numbers (open.ts sets the parser): sequence numbers stay far below 2^53.
 */

export type AuditEventsTable = {
  /** A row's identity from its append on (migration 0043); the chain's order is `seq`. */
  id: Generated<number>
  /** Its place in the chain: null until the sequencer seals it (lib/audit/sequencer.ts). */
  seq: number | null
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
  prev_hash: string | null
  hash: string | null
  /** The process that appended the row, and its own count of rows (1, 2, 3…); null on older rows. */
  writer: string | null
  writer_seq: number | null
  /** HMAC over the row as appended, so a change before it is sealed shows (lib/audit/chain.ts). */
  append_mac: string | null
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
  /** The judged match's fingerprint and fields (lib/review/standing/fingerprint.ts); null before 0023. */
  fingerprint: ColumnType<string | null, string | null | undefined, never>
  judged: ColumnType<Record<string, string[]> | null, string | null | undefined, never>
  /** The raw match judged, for a later fingerprint version to re-derive from; null before 0030. */
  raw_match: ColumnType<unknown, string | null | undefined, never>
}

/** A match that came back changed while a false positive stood for it (migration 0023). */
export type MatchReopeningsTable = {
  id: Generated<number>
  search_id: string
  match_uuid: string
  applicant_id: string
  /** The standing decision the match had. */
  decision_id: number
  /** What changed (MatchChange[], lib/review/decision-rules.ts), as JSON. */
  changes: ColumnType<unknown, string, never>
  at: ColumnType<Date, Date, never>
}

/** A lead's end of a standing false positive: decisions up to `decision_id` carry over no more. */
export type DecisionRevocationsTable = {
  id: Generated<number>
  applicant_id: string
  match_uuid: string
  decision_id: number
  reason: string
  user_label: string
  analyst_id: string
  at: ColumnType<Date, Date, never>
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
  /** The record's timestamp as sent, when the store cannot hold it (`at` is null then; 0019). */
  at_raw: string | null
  /** SHA-256 of the record's event type and payload (0030); null on records stored before. */
  content_digest: string | null
  /** Which copy is held (0030): the provider's history (`poll`) is the record of truth. */
  held_copy: 'delivery' | 'poll' | null
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
  /** The oldest record time the unfinished poll has stored (0019); null between polls. */
  poll_floor_at: Date | null
  polls: number
  last_poll_at: Date | null
  /** Rows in history_records, kept with every page so the status needs no count(*). */
  records: number
  last_error_at: Date | null
  last_error: string | null
  updated_at: Date
}

/** The provider's deliveries, counted for every instance: one row, named 'history' (migration 0021). */
export type HistoryDeliveryStatsTable = {
  name: string
  /** Deliveries whose signature verified and whose record is committed (new or already held). */
  received: number
  /** Of those, records the mirror already held (the poll came first, or a redelivery). */
  already_held: number
  /** Deliveries answered 4xx and not stored: a missing or bad signature, an unreadable body. */
  refused: number
  last_received_at: Date | null
  last_record_id: string | null
  last_event_type: string | null
  last_refused_at: Date | null
}

/** Refused deliveries counted per reason (0031); nothing of a body is stored. */
export type HistoryDeliveryRefusalCountsTable = {
  reason: string
  status: number
  count: ColumnType<string | number, number | undefined, number>
  last_at: Date
  last_body_bytes: number
}

/** A record a delivery stored before any pass of the sync met it: no place for a poll to stop. */
export type HistoryDeliveredUnpolledTable = {
  record_id: string
  delivered_at: Date
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
  state: 'open' | 'in_review' | 'waiting' | 'escalated' | 'awaiting_closure' | 'closed'
  /** analystId() of the owner; the label is for display only. */
  owner_id: string | null
  owner_label: string | null
  due_at: Date
  snoozed_until: Date | null
  outcome: 'false_positive' | 'true_match' | 'no_action_needed' | null
  close_reason: string | null
  /** A closing awaiting a lead's confirmation (migration 0038); all null otherwise. */
  proposed_outcome: ColumnType<
    'false_positive' | 'true_match' | 'no_action_needed' | null,
    'false_positive' | 'true_match' | 'no_action_needed' | null | undefined
  >
  proposed_reason: ColumnType<string | null, string | null | undefined>
  /** analystId() of who proposed the closing; the label is for display only. */
  proposed_by: ColumnType<string | null, string | null | undefined>
  proposed_by_label: ColumnType<string | null, string | null | undefined>
  proposed_at: ColumnType<Date | null, Date | null | undefined>
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
/** A suspicious-activity report to the FIU (migration 0032, lib/fiu-reports/). */
export type FiuReportsTable = {
  id: Generated<number>
  case_id: number
  code: string
  state: 'draft' | 'awaiting_approval' | 'approved' | 'filed' | 'acknowledged' | 'rejected'
  drafter_id: string
  drafter_label: string
  approver_id: string | null
  approver_label: string | null
  /** lib/fiu-reports/contract.ts `ReportFields`, as JSON. */
  fields: ColumnType<unknown, string, string>
  decided_at: Date
  due_at: Date
  prev_rejected_ref: string | null
  fiu_ref: string | null
  filed_at: Date | null
  answered_at: Date | null
  approved_xml: string | null
  approved_sha256: string | null
  created_at: ColumnType<Date, Date | undefined, never>
  updated_at: Date
  version: Generated<number>
}

export type FiuReportEventsTable = {
  id: Generated<number>
  report_id: number
  kind: string
  from_state: string | null
  to_state: string | null
  analyst_id: string
  user_label: string
  reason: string | null
  at: ColumnType<Date, Date | undefined, never>
}

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
  /** The report to the FIU this line is about (migration 0033): shown to leads and its drafter only. */
  fiu_report_id: ColumnType<number | null, number | null | undefined, never>
  at: ColumnType<Date, Date, never>
}

/** A history record the store refused, kept aside so the sync moves on (migration 0019). */
export type HistorySetAsideTable = {
  /** SHA-256 of the record id (hex): an id too long for an index is one reason to be here. */
  key: string
  /** The record id, cut to 200 characters. */
  record_id: string
  id_length: number
  /** A screening's search id, when it could be read: its report opens from the upstream. */
  search_uuid: string | null
  /** The cursor of the page it was read on (null: the first page, or a delivery). */
  page_after: string | null
  error: string
  raw_bytes: number
  first_seen_at: ColumnType<Date, Date, never>
  last_seen_at: Date
  attempts: ColumnType<number, number | undefined, number>
  next_attempt_at: Date
}

/** The key that signs evidence packs (migration 0020): PEM public key, encrypted private key. */
export type EvidenceSigningKeyTable = {
  id: number
  public_key: string
  private_key: string
  created_at: ColumnType<Date, Date | undefined, never>
}

/** One message of one event to one recipient on one channel (migration 0022); the notifications page lists them. */
export type NotificationsTable = {
  id: Generated<number>
  /** What happened, once: `high_case:12`, `due_soon:12:<due time>` (lib/notifications/events.ts). */
  event_key: string
  event_kind: string
  /** `email`, `slack`, `webhook`, or `none` (no channel configured: what would have been sent). */
  channel: string
  /** An e-mail address, `team`, or the channel's name. */
  recipient: string
  subject: string
  body: string
  case_id: number | null
  status: 'queued' | 'sending' | 'retrying' | 'sent' | 'failed' | 'not_sent'
  attempts: Generated<number>
  last_error: string | null
  created_at: ColumnType<Date, Date | undefined, never>
  updated_at: ColumnType<Date, Date | undefined, Date>
  sent_at: Date | null
}

/** Which of an analyst's own events reach them by e-mail (migration 0022). */
export type NotifyPreferencesTable = {
  analyst_id: string
  email_events: string[]
  updated_at: ColumnType<Date, Date | undefined, Date>
}

/** A QA sample of a period's closed cases (migration 0039); never changed. */
export type QaDrawsTable = {
  id: Generated<number>
  kind: 'weekly' | 'on_demand'
  /** The period's first and last day (UTC), read as YYYY-MM-DD. */
  period_from: ColumnType<string, string, never>
  period_to: ColumnType<string, string, never>
  seed: string
  percent: number
  new_analyst_days: number
  population: ColumnType<QaClosure[], string, never>
  sample: ColumnType<QaDrawn[], string, never>
  drawn_by: string
  drawn_by_label: string
  drawn_at: ColumnType<Date, Date, never>
}

/** A lead's QA result on one sampled case (migration 0039); a correction is a new row. */
export type QaResultsTable = {
  id: Generated<number>
  case_id: number
  draw_id: number
  result: 'pass' | 'fail'
  /** Required for a fail (the case reopens with it). */
  reason: string | null
  corrects: number | null
  analyst_id: string
  user_label: string
  at: ColumnType<Date, Date, never>
}

/** A business relationship's end (migration 0035): the retention clock of an onboarded applicant. */
export type RetentionRelationshipsTable = {
  applicant_id: string
  /** A calendar day, `YYYY-MM-DD`. */
  ended_on: string
  reason: string
  user_label: string
  /** Null when the deployment's own systems recorded it (RETENTION_API_TOKEN). */
  analyst_id: string | null
  at: Date
}

/** A lead's legal hold on an applicant: nothing is erased until it is lifted or its day passes. */
export type RetentionHoldsTable = {
  id: Generated<number>
  applicant_id: string
  reason: string
  until: string | null
  placed_by: string
  placed_by_id: string | null
  placed_at: Date
  lifted_at: Date | null
  lifted_by: string | null
  lift_reason: string | null
}

/** A person's erasure request (GDPR Art. 17), as a lead recorded it, and its outcome. */
export type RetentionRequestsTable = {
  id: Generated<number>
  applicant_id: string
  reason: string
  outcome: 'granted' | 'refused'
  /** Refused: the day erasure becomes possible, when the clock knows it. */
  possible_on: string | null
  user_label: string
  analyst_id: string | null
  at: Date
}

/** One retention run (the daily job, the command, a granted request). */
export type RetentionRunsTable = {
  id: Generated<number>
  trigger: string
  dry_run: boolean
  started_at: Date
  finished_at: Date | null
  due: ColumnType<number, number | undefined, number>
  held: ColumnType<number, number | undefined, number>
  erased: ColumnType<number, number | undefined, number>
  error: string | null
}

/** The tombstone of an erased applicant: its records arriving again are stored erased. */
export type RetentionErasedTable = {
  applicant_id: string
  erased_at: Date
  /** The rule it was erased under (lib/retention/clock.ts RetentionRule, or `request`). */
  rule: string
  run_id: number | null
  /** Rows erased per kind. */
  counts: ColumnType<Record<string, number>, string, string>
  /** Whether its audit row is written (a run resumes the ones that are not). */
  audited: ColumnType<boolean, boolean | undefined, boolean>
}

export type Database = {
  audit_events: AuditEventsTable
  audit_head: AuditHeadTable
  sessions: SessionsTable
  match_decisions: MatchDecisionsTable
  match_reopenings: MatchReopeningsTable
  decision_revocations: DecisionRevocationsTable
  notes: NotesTable
  history_records: HistoryRecordsTable
  history_sync_state: HistorySyncStateTable
  history_sync_lease: HistorySyncLeaseTable
  history_set_aside: HistorySetAsideTable
  history_delivery_stats: HistoryDeliveryStatsTable
  history_delivery_refusal_counts: HistoryDeliveryRefusalCountsTable
  history_delivered_unpolled: HistoryDeliveredUnpolledTable
  action_limits: ActionLimitsTable
  cases: CasesTable
  case_events: CaseEventsTable
  evidence_signing_key: EvidenceSigningKeyTable
  notifications: NotificationsTable
  notify_preferences: NotifyPreferencesTable
  analyst_presence: AnalystPresenceTable
  qa_draws: QaDrawsTable
  qa_results: QaResultsTable
  fiu_reports: FiuReportsTable
  fiu_report_events: FiuReportEventsTable
  retention_relationships: RetentionRelationshipsTable
  retention_holds: RetentionHoldsTable
  retention_requests: RetentionRequestsTable
  retention_runs: RetentionRunsTable
  retention_erased: RetentionErasedTable
}

export type AuditEventRow = Selectable<AuditEventsTable>
export type NewAuditEvent = Insertable<AuditEventsTable>
export type SessionRow = Selectable<SessionsTable>
export type MatchDecisionRow = Selectable<MatchDecisionsTable>
export type NoteRow = Selectable<NotesTable>
export type HistoryRecordRow = Selectable<HistoryRecordsTable>
export type HistorySyncStateRow = Selectable<HistorySyncStateTable>
export type HistorySetAsideRow = Selectable<HistorySetAsideTable>
export type CaseRow = Selectable<CasesTable>
export type CaseEventRow = Selectable<CaseEventsTable>
export type FiuReportRow = Selectable<FiuReportsTable>
export type FiuReportEventRow = Selectable<FiuReportEventsTable>
