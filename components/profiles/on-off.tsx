import { NoValue } from '@/components/ui/no-value'

/** A boolean setting in words; an absent value says so instead of guessing. */
export function OnOff({
  value,
  on = 'Yes',
  off = 'No',
}: {
  value: boolean | null | undefined
  on?: string
  off?: string
}) {
  if (value === null || value === undefined) return <NoValue>Not set</NoValue>
  return value ? (
    <span className="font-medium text-emerald-800 dark:text-emerald-300">{on}</span>
  ) : (
    <span className="text-muted">{off}</span>
  )
}
