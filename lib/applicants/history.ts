import 'server-only'

import { sql, type Kysely } from 'kysely'

import { mirrorRowView, type MirrorRowColumns, type MirrorRowView } from '@/lib/history-mirror/row'
import { decisionCounts } from '@/lib/review/decision-counts-sql'
import type { Database } from '@/lib/store/schema'

/*
 * An applicant's events from the mirror, newest first: every screening and verification event the
 * history delivered for them, however old, with the review state of each screening (from
 * match_decisions, as the queue counts it) and the number of notes on the record it opens.
 */

/** An applicant screened daily for years still opens at once; the page says when it shows fewer. */
export const APPLICANT_EVENTS_SHOWN = 500

export type ApplicantEvent = MirrorRowView & {
  payloadState: 'ok' | 'unreadable' | 'no_event_type'
  webhookId: string | null
  errorCodes: number[]
  reviewed: number
  awaitingSecond: number
  notes: number
}

export type ApplicantHistory = { events: ApplicantEvent[]; more: boolean }

type Row = MirrorRowColumns & {
  payload_state: ApplicantEvent['payloadState']
  webhook_id: string | null
  error_codes: number[]
  reviewed: number | null
  awaiting: number | null
  notes: number | null
}

export async function applicantHistory(
  db: Kysely<Database>,
  applicantId: string,
  limit = APPLICANT_EVENTS_SHOWN,
): Promise<ApplicantHistory> {
  const { rows } = await sql<Row>`
    select r.id, r.at, r.event_type, r.payload_state, r.webhook_id, r.requested_name, r.risk,
      r.match_count, r.search_uuid, r.short_id, r.status, r.error_codes, r.external_id,
      c.reviewed, c.awaiting, n.notes
    from (
      select * from history_records
      where applicant_id = ${applicantId}
      order by at desc nulls last, id desc
      limit ${limit + 1}
    ) r
    left join lateral ${decisionCounts(sql.ref('r.search_uuid'))} c on true
    left join lateral (
      select count(*)::int as notes from notes
      where (resource_type = 'aml_search' and resource_id = lower(r.search_uuid))
        or (resource_type = 'verification' and resource_id = r.short_id)
    ) n on true
    order by r.at desc nulls last, r.id desc
  `.execute(db)
  return { events: rows.slice(0, limit).map(eventOf), more: rows.length > limit }
}

function eventOf(row: Row): ApplicantEvent {
  return {
    ...mirrorRowView(row),
    payloadState: row.payload_state,
    webhookId: row.webhook_id,
    errorCodes: row.error_codes,
    reviewed: row.reviewed ?? 0,
    awaitingSecond: row.awaiting ?? 0,
    notes: row.notes ?? 0,
  }
}
