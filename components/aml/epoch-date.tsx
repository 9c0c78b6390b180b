import { NoValue } from '@/components/ui/no-value'
import { epochToDate, formatUtc, formatUtcDate } from '@/lib/util/time'

/** An integer timestamp of unknown unit as a UTC date, the exact time in the tooltip. */
export function EpochDate({ value }: { value: number | null | undefined }) {
  const date = epochToDate(value)
  if (!date) return <NoValue />
  return (
    <time
      dateTime={date.toISOString()}
      title={formatUtc(date)}
      className="whitespace-nowrap tabular-nums"
    >
      {formatUtcDate(date)}
    </time>
  )
}
