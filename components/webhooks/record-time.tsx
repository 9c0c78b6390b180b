import { formatUtc, parseTimestamp } from '@/lib/util/time'
import { timeOfDay } from '@/lib/webhooks/days'

/** The time of day in the chosen zone (the day is in the heading); exact UTC in the tooltip. */
export function RecordTime({
  value,
  timeZone,
}: {
  value: string | null | undefined
  timeZone: string
}) {
  const date = parseTimestamp(value)
  if (!date) {
    return (
      <span title="No recognised time" className="font-mono text-xs text-faint tabular-nums">
        {value || '--:--:--'}
      </span>
    )
  }
  return (
    <time
      dateTime={date.toISOString()}
      title={formatUtc(date)}
      className="font-mono text-xs text-zinc-700 tabular-nums dark:text-zinc-300"
    >
      {timeOfDay(date, timeZone)}
    </time>
  )
}
