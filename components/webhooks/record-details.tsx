'use client'

import type { ReactNode } from 'react'

import { CopyableId } from '@/components/ui/copyable-id'
import { Field, FieldList } from '@/components/ui/field-list'
import { IntentLink } from '@/components/ui/intent-link'
import { JsonViewer } from '@/components/ui/json-viewer'
import { Timestamp } from '@/components/ui/timestamp'
import { AmlRequestSummary } from '@/components/webhooks/aml-request-summary'
import { ScreeningChangesSummary } from '@/components/webhooks/screening-changes-summary'
import { SectionTitle } from '@/components/webhooks/section-title'
import type { Projected } from '@/lib/projection/projected'
import type { ChangesSincePrevious } from '@/lib/review/changes'
import { subjectParam } from '@/lib/review/subject'
import { amlReportPath, verificationPath, webhooksPath } from '@/lib/routes'
import type { WebhookRecord } from '@/lib/upstream/schemas'
import type { Settled } from '@/lib/util/settled'
import { formatUtc, parseTimestamp } from '@/lib/util/time'
import { dayKey, dayLabel, timeOfDay } from '@/lib/webhooks/days'
import type { Delivery } from '@/lib/webhooks/delivery'
import type { RecordSummary } from '@/lib/webhooks/summary'

/**
 * The opened record: its ids and delivery, a readable AML request, what changed since the
 * applicant's previous screening, links, and the payload.
 */
export function RecordDetails({
  id,
  record,
  changes,
  summary,
  delivery,
  timeZone,
}: {
  id: string
  record: Projected<WebhookRecord>
  changes: Settled<ChangesSincePrevious | null>
  summary: RecordSummary
  delivery: Delivery | null
  timeZone: string
}) {
  const sent = parseTimestamp(record.timestamp)
  const shortId =
    summary.kind === 'aml'
      ? summary.aml.verificationShortId
      : summary.kind === 'other'
        ? null
        : summary.verificationShortId
  // Several records can be open at once: each landmark names its record to stay distinguishable.
  const ofRecord = `record ${record.id.slice(0, 8)}`
  return (
    <div id={id} className="mt-2 space-y-3 border-t border-line pt-3 pb-1 pl-5.5 text-sm">
      <div className="grid grid-cols-1 gap-x-8 gap-y-3 lg:grid-cols-2">
        <section aria-label={`Notification, ${ofRecord}`}>
          <SectionTitle>Notification</SectionTitle>
          <FieldList>
            <Field label="Record id">
              <CopyableId value={record.id} label="record id" />
            </Field>
            <Field label="Webhook configuration">
              {record.webhook_id ? (
                <span className="flex flex-wrap items-center gap-x-2">
                  <CopyableId value={record.webhook_id} label="webhook configuration id" />
                  <IntentLink
                    href={webhooksPath(record.webhook_id)}
                    className="text-xs text-link hover:underline"
                  >
                    Only this configuration
                  </IntentLink>
                </span>
              ) : (
                '—'
              )}
            </Field>
            <Field label="Sent">
              {sent ? (
                <>
                  <span className="tabular-nums">{formatUtc(sent)}</span>
                  {timeZone !== 'UTC' && (
                    <span className="text-faint">
                      {' · '}
                      {dayLabel(dayKey(record.timestamp, timeZone))} {timeOfDay(sent, timeZone)}{' '}
                      {timeZone}
                    </span>
                  )}
                </>
              ) : (
                record.timestamp || '—'
              )}
            </Field>
            {delivery && <DeliveryFields delivery={delivery} />}
            {record.is_sandbox !== null && record.is_sandbox !== undefined && (
              <Field label="Environment">{record.is_sandbox ? 'Sandbox' : 'Production'}</Field>
            )}
          </FieldList>
        </section>
        {summary.kind === 'aml' && <AmlRequestSummary aml={summary.aml} recordId={record.id} />}
      </div>
      {summary.kind === 'aml' && summary.aml.applicantId && summary.aml.searchUuid && (
        <ScreeningChangesSummary
          recordId={record.id}
          searchUuid={summary.aml.searchUuid}
          changes={changes}
        />
      )}
      <RecordLinks
        recordId={record.id}
        searchUuid={summary.kind === 'aml' ? summary.aml.searchUuid : null}
        verificationShortId={shortId}
      />
      <section aria-label={`Payload, ${ofRecord}`}>
        <SectionTitle>Payload</SectionTitle>
        <JsonViewer value={record.payload ?? null} label="payload" defaultDepth={1} />
      </section>
    </div>
  )
}

function DeliveryFields({ delivery }: { delivery: Delivery }) {
  return (
    <>
      <Field label="Delivery">
        <span
          className={
            delivery.state === 'failed' ? 'font-medium text-red-700 dark:text-red-300' : undefined
          }
        >
          {delivery.state}
        </span>
        {delivery.responseCode && (
          <span className="text-faint"> · response {delivery.responseCode}</span>
        )}
      </Field>
      {delivery.attempts !== null && <Field label="Attempts">{delivery.attempts}</Field>}
      {delivery.lastAttemptAt && (
        <Field label="Last attempt">
          <Timestamp value={delivery.lastAttemptAt} mode="absolute" />
        </Field>
      )}
    </>
  )
}

function RecordLinks({
  recordId,
  searchUuid,
  verificationShortId,
}: {
  recordId: string
  searchUuid: string | null
  verificationShortId: string | null
}) {
  if (!searchUuid && !verificationShortId) return null
  // The report compares its matches with this record's screening request.
  const screening = subjectParam({ kind: 'screening', recordId })
  return (
    <div className="flex flex-wrap gap-2">
      {searchUuid && (
        <LinkButton href={amlReportPath(searchUuid, screening)}>Open AML report</LinkButton>
      )}
      {verificationShortId && (
        <LinkButton href={verificationPath(verificationShortId)}>
          Open verification {verificationShortId}
        </LinkButton>
      )}
    </div>
  )
}

function LinkButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <IntentLink
      href={href}
      className="rounded border border-control bg-surface px-2.5 py-1 text-xs font-medium text-link hover:bg-zinc-50 dark:hover:bg-zinc-800"
    >
      {children} →
    </IntentLink>
  )
}
