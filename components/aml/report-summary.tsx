import { FatfList } from '@/components/aml/fatf-list'
import { RiskBadge } from '@/components/aml/risk-badge'
import { ReviewProgress } from '@/components/review/review-progress'
import { Badge } from '@/components/ui/badge'
import { CopyableId } from '@/components/ui/copyable-id'
import { Field, FieldList } from '@/components/ui/field-list'
import { IdentityValue } from '@/components/ui/identity-value'
import type { Count } from '@/lib/aml/counts'
import { riskTone } from '@/lib/aml/risk'
import type { AmlSearchResult } from '@/lib/upstream/schemas'

/** What was searched and what came back, in one block an analyst reads before the cards. */
export function ReportSummary({
  result,
  subject,
  highest,
  risks,
  types,
}: {
  result: AmlSearchResult
  /** The subject link parameter the decisions are read with. */
  subject: string | null
  highest: string | null
  risks: readonly Count[]
  types: readonly Count[]
}) {
  const fatf = result.fatf_records ?? []
  const total = result.data.length
  return (
    <section
      aria-labelledby="aml-summary-title"
      className="rounded-md border border-line bg-surface px-4 py-3 text-sm print:border-0 print:px-0"
    >
      <h2 id="aml-summary-title" className="sr-only">
        Summary
      </h2>
      <FieldList>
        <Field label="Requested name">
          <span className="font-medium">
            <IdentityValue value={result.requested_name} kind="name" />
          </span>
        </Field>
        <Field label="Search id">
          <CopyableId value={result.search_uuid} label="search id" />
        </Field>
        <Field label="Matches">
          <span className="tabular-nums">{total}</span>
        </Field>
        {total > 0 && (
          <Field label="Review">
            <ReviewProgress searchId={result.search_uuid} subject={subject} total={total} />
          </Field>
        )}
        {total > 0 && (
          <Field label="Highest risk">
            <RiskBadge level={highest} />
          </Field>
        )}
        {total > 0 && (
          <Field label="By risk">
            <CountList counts={risks} tone={riskTone} />
          </Field>
        )}
        {total > 0 && (
          <Field label="By type">
            <CountList counts={types} />
          </Field>
        )}
        {fatf.length > 0 && (
          <Field label="FATF records">
            <FatfList records={fatf} />
          </Field>
        )}
      </FieldList>
    </section>
  )
}

function CountList({
  counts,
  tone,
}: {
  counts: readonly Count[]
  tone?: (value: string) => ReturnType<typeof riskTone>
}) {
  return (
    <ul className="flex flex-wrap gap-1.5">
      {counts.map(({ value, count }) => (
        <li key={value}>
          <Badge tone={tone?.(value) ?? 'neutral'}>
            {value} <span className="font-normal tabular-nums">{count}</span>
          </Badge>
        </li>
      ))}
    </ul>
  )
}
