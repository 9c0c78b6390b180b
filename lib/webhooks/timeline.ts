import type { Projected } from '@/lib/projection/projected'
import type { ChangesSincePrevious } from '@/lib/review/changes'
import type { WebhookRecord } from '@/lib/upstream/schemas'
import type { Settled } from '@/lib/util/settled'
import { summarizeRecord, type RecordSummary } from '@/lib/webhooks/summary'

/*
 * What the webhook timeline lists of a record: its ids, time, delivery and one-line summary. An
 * AML screening's payload carries its whole search result (tens of kilobytes a record), which the
 * collapsed row never shows; the payload is read when the record is opened (WebhookRecordView).
 */

/** Where a record was listed: the page's cursor and filter, which find it again upstream. */
export type ListedAt = { after: string | null; webhookId: string | null }

export type TimelineRecord = {
  id: string
  webhook_id: string | null
  event_type: string | null
  timestamp: string | null
  is_sandbox: boolean | null
  attempts: number | null
  response_code: string | number | null
  last_attempt_at: string | null
  summary: RecordSummary
  listed: ListedAt
}

export type TimelinePage = { data: Projected<TimelineRecord>[]; has_next: boolean }

/** An opened record: the whole of it, and for a screening what changed since the one before. */
export type WebhookRecordView = {
  record: Projected<WebhookRecord>
  /** null when the mirror cannot say (not a screening, or not mirrored yet). */
  changes: Settled<ChangesSincePrevious | null>
}

/** Summarised from the projected record, so the summary holds only what the browser may see. */
export function timelineRecord(
  record: Projected<WebhookRecord>,
  listed: ListedAt,
): Projected<TimelineRecord> {
  const summary: TimelineRecord = {
    id: record.id,
    webhook_id: record.webhook_id ?? null,
    event_type: record.event_type ?? null,
    timestamp: record.timestamp ?? null,
    is_sandbox: record.is_sandbox ?? null,
    attempts: record.attempts ?? null,
    response_code: record.response_code ?? null,
    last_attempt_at: record.last_attempt_at ?? null,
    summary: summarizeRecord(record.event_type, record.payload),
    listed,
  }
  return summary as Projected<TimelineRecord>
}
