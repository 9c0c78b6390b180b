import { Badge } from '@/components/ui/badge'
import { formatScore } from '@/lib/aml/format'
import { riskTone } from '@/lib/aml/risk'

/** Low/Medium/High in colour, with the numeric score beside it when the upstream gives one. */
export function RiskBadge({
  level,
  value,
  derived = false,
}: {
  level: string | null
  value?: number | null
  derived?: boolean
}) {
  const hasValue = typeof value === 'number'
  if (!level && !hasValue) return <Badge>No risk level</Badge>
  const title = derived
    ? `Level read from the score ${formatScore(value ?? 0)} on an assumed 0–100 scale`
    : undefined
  return (
    <Badge tone={riskTone(level)} title={title}>
      {level ? `${level} risk` : 'Risk score'}
      {hasValue && (
        <span className="font-normal tabular-nums opacity-80">· {formatScore(value)}</span>
      )}
    </Badge>
  )
}
