'use client'

import { useMemo } from 'react'

import { IntentLink } from '@/components/ui/intent-link'
import { Timestamp } from '@/components/ui/timestamp'
import { useLoadedRecords } from '@/components/webhooks/loaded-records'
import { SectionTitle } from '@/components/webhooks/section-title'
import type { Projected } from '@/lib/projection/projected'
import { compareScreenings, isUnchanged, previousScreeningRecord } from '@/lib/review/changes'
import { screeningResult } from '@/lib/review/changes'
import { subjectParam } from '@/lib/review/subject'
import { amlReportPath } from '@/lib/routes'
import type { WebhookRecord } from '@/lib/upstream/schemas'

/**
 * What changed since the applicant's previous screening, among the records loaded here (the
 * report, opened from this record, looks further back).
 */
export function ScreeningChangesSummary({
  record,
  applicantId,
  searchUuid,
}: {
  record: Projected<WebhookRecord>
  applicantId: string
  searchUuid: string
}) {
  const records = useLoadedRecords()
  const found = useMemo(() => {
    const previous = previousScreeningRecord(records, {
      recordId: record.id,
      applicantId,
      searchUuid,
    })
    const before = previous && screeningResult(previous.payload)
    const after = screeningResult(record.payload)
    if (!previous || !before || !after) return null
    return { previous, changes: compareScreenings(before, after) }
  }, [records, record, applicantId, searchUuid])
  const reportHref = amlReportPath(
    searchUuid,
    subjectParam({ kind: 'screening', recordId: record.id }),
  )
  return (
    <section aria-label={`Changes since the previous screening, record ${record.id.slice(0, 8)}`}>
      <SectionTitle>Since the previous screening</SectionTitle>
      {!found ? (
        <p className="text-muted">
          No earlier screening of this applicant among the {records.length.toLocaleString('en')}{' '}
          records loaded here.{' '}
          <IntentLink href={reportHref} className="text-link underline">
            The AML report looks further back
          </IntentLink>
          .
        </p>
      ) : isUnchanged(found.changes) ? (
        <p>
          Nothing changed since <Timestamp value={found.previous.timestamp} mode="absolute" />.
        </p>
      ) : (
        <p>
          Since <Timestamp value={found.previous.timestamp} mode="absolute" />:{' '}
          {changeWords(found.changes).join(', ')}.{' '}
          <IntentLink href={reportHref} className="text-link underline">
            Details on the report
          </IntentLink>
        </p>
      )}
    </section>
  )
}

function changeWords(changes: ReturnType<typeof compareScreenings>): string[] {
  const words: string[] = []
  const count = (n: number, one: string, many = `${one}es`) => `${n} ${n === 1 ? one : many}`
  if (changes.added.length > 0) words.push(`${count(changes.added.length, 'match')} added`)
  if (changes.removed.length > 0) words.push(`${count(changes.removed.length, 'match')} removed`)
  if (changes.riskChanged.length > 0)
    words.push(`risk changed on ${count(changes.riskChanged.length, 'match')}`)
  if (changes.newSources.length > 0)
    words.push(`new sources on ${count(changes.newSources.length, 'match')}`)
  if (changes.newMedia.length > 0)
    words.push(`new media on ${count(changes.newMedia.length, 'match')}`)
  if (changes.overall.from !== changes.overall.to)
    words.push(`highest risk ${changes.overall.from ?? 'none'} → ${changes.overall.to ?? 'none'}`)
  return words
}
