'use client'

import {
  setTimeZoneChoice,
  useTimeZoneChoice,
  type TimeZoneChoice,
} from '@/components/ui/timestamp'

const options: { value: TimeZoneChoice; label: string; title: string }[] = [
  { value: 'local', label: 'Local', title: 'Times in your time zone' },
  { value: 'utc', label: 'UTC', title: 'Times in UTC' },
]

/** Which clock every time on the page follows; the exact UTC time stays in each tooltip. */
export function ZoneToggle() {
  const choice = useTimeZoneChoice()
  return (
    <div
      role="group"
      aria-label="Time zone"
      className="inline-flex rounded border border-zinc-300 p-0.5 text-xs dark:border-zinc-700"
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={choice === option.value}
          title={option.title}
          onClick={() => setTimeZoneChoice(option.value)}
          className="rounded-sm px-1.5 py-px text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 aria-pressed:bg-zinc-200 aria-pressed:font-medium aria-pressed:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100 dark:aria-pressed:bg-zinc-700 dark:aria-pressed:text-zinc-50"
        >
          {option.label}
        </button>
      ))}
    </div>
  )
}
