'use client'

import type { ReactNode } from 'react'

import { IntentLink } from '@/components/ui/intent-link'
import { Timestamp } from '@/components/ui/timestamp'
import { SectionTitle } from '@/components/webhooks/section-title'
import { isUnchanged, type ChangesSincePrevious, type ScreeningChanges } from '@/lib/review/changes'
import { subjectParam } from '@/lib/review/subject'
import { amlReportPath } from '@/lib/routes'
import type { Settled } from '@/lib/util/settled'

/**
 * What changed since the applicant's previous screening, found by the server in the mirrored
 * history however old (null: the mirror does not hold this screening yet, and the report looks
 * through the live history instead).
 */
export function ScreeningChangesSummary({
  recordId,
  searchUuid,
  changes: settled,
}: {
  recordId: string
  searchUuid: string
  changes: Settled<ChangesSincePrevious | null>
}) {
  const reportHref = amlReportPath(searchUuid, subjectParam({ kind: 'screening', recordId }))
  const reportLink = (words: string) => (
    <IntentLink href={reportHref} className="text-link underline">
      {words}
    </IntentLink>
  )
  if (!settled.ok) {
    return (
      <Section recordId={recordId}>
        <p className="text-muted">
          The previous screening could not be read. {reportLink('The AML report')} compares them.
        </p>
      </Section>
    )
  }
  const changes = settled.value
  return (
    <Section recordId={recordId}>
      {!changes ? (
        <p className="text-muted">
          The mirrored history does not hold this screening yet.{' '}
          {reportLink('The AML report looks through the live history')}.
        </p>
      ) : !changes.found ? (
        <p className="text-muted">
          No earlier screening of this applicant in the{' '}
          {changes.window.complete ? 'whole' : 'mirrored'} history (
          {changes.window.records.toLocaleString('en')} notifications).
        </p>
      ) : isUnchanged(changes.changes) ? (
        <p>
          Nothing changed since <Timestamp value={changes.previous.at} mode="absolute" />.
        </p>
      ) : (
        <p>
          Since <Timestamp value={changes.previous.at} mode="absolute" />:{' '}
          {changeWords(changes.changes).join(', ')}. {reportLink('Details on the report')}
        </p>
      )}
    </Section>
  )
}

function Section({ recordId, children }: { recordId: string; children: ReactNode }) {
  return (
    <section aria-label={`Changes since the previous screening, record ${recordId.slice(0, 8)}`}>
      <SectionTitle>Since the previous screening</SectionTitle>
      {children}
    </section>
  )
}

function changeWords(changes: ScreeningChanges): string[] {
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
