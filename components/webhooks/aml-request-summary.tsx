import { CopyableId } from '@/components/ui/copyable-id'
import { DateRangeValue } from '@/components/ui/date-range-value'
import { Field, FieldList } from '@/components/ui/field-list'
import { IdentityValue } from '@/components/ui/identity-value'
import { IntentLink } from '@/components/ui/intent-link'
import { NoValue } from '@/components/ui/no-value'
import { RiskLevel } from '@/components/webhooks/risk-level'
import { SectionTitle } from '@/components/webhooks/section-title'
import { applicantPath } from '@/lib/routes'
import { countryLabel } from '@/lib/util/countries'
import type { AmlScreening } from '@/lib/webhooks/aml-screening'

/** The AML search as it was asked, in words, and what it found. */
export function AmlRequestSummary({ aml, recordId }: { aml: AmlScreening; recordId: string }) {
  return (
    <section aria-label={`AML search request, record ${recordId.slice(0, 8)}`}>
      <SectionTitle>Search request</SectionTitle>
      <FieldList>
        <Field label="Name">
          <IdentityValue kind="name" value={aml.requestedName} />
        </Field>
        <Field label="Countries">
          {aml.countries.length > 0 ? aml.countries.map(countryLabel).join(', ') : <Any />}
        </Field>
        <Field label="Date of birth">
          <BirthRange range={aml.dateOfBirth} />
        </Field>
        <Field label="Risk scores asked">
          {aml.riskScores.length > 0 ? aml.riskScores.join(', ') : <Any />}
        </Field>
        {aml.entityTypes.length > 0 && (
          <Field label="Entity types">{aml.entityTypes.join(', ')}</Field>
        )}
        <Field label="Fuzziness">
          {switchText(aml.fuzziness)}
          {aml.fuzziness && aml.fuzzinessLevel !== null && `, level ${aml.fuzzinessLevel}`}
        </Field>
        <Field label="Phonetics">{switchText(aml.phonetics)}</Field>
        <Field label="Mode">{aml.mode ?? <Unstated />}</Field>
        <Field label="Result">
          {aml.matchCount === null ? (
            <Unstated />
          ) : (
            `${aml.matchCount} ${aml.matchCount === 1 ? 'match' : 'matches'}`
          )}
          {aml.highestRisk && (
            <>
              {' · '}
              <RiskLevel level={aml.highestRisk} />
            </>
          )}
        </Field>
        {aml.externalId && <Field label="External id">{aml.externalId}</Field>}
        {aml.applicantId && (
          <Field label="Applicant">
            <CopyableId value={aml.applicantId} label="applicant id" />{' '}
            <IntentLink
              href={applicantPath(aml.applicantId)}
              className="text-xs text-link hover:underline"
            >
              All events
            </IntentLink>
          </Field>
        )}
        {aml.searchUuid && (
          <Field label="Search id">
            <CopyableId value={aml.searchUuid} label="search id" />
          </Field>
        )}
      </FieldList>
    </section>
  )
}

function BirthRange({ range }: { range: AmlScreening['dateOfBirth'] }) {
  if (!range || (!range.from && !range.to)) return <Any />
  return <DateRangeValue from={range.from} to={range.to} />
}

function switchText(value: boolean | null) {
  if (value === null) return <Unstated />
  return value ? 'on' : 'off'
}

function Any() {
  return <span className="text-faint">any</span>
}

function Unstated() {
  return <NoValue>not stated</NoValue>
}
