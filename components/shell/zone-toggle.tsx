'use client'

import {
  setTimeZoneChoice,
  useTimeZoneChoice,
  type TimeZoneChoice,
} from '@/components/ui/timestamp'
import { ToggleGroup, type ToggleOption } from '@/components/ui/toggle-group'

const options: ToggleOption<TimeZoneChoice>[] = [
  { value: 'local', content: 'Local', title: 'Times in your time zone' },
  { value: 'utc', content: 'UTC', title: 'Times in UTC' },
]

/** Which clock every time on the page follows; the exact UTC time stays in each tooltip. */
export function ZoneToggle() {
  return (
    <ToggleGroup
      label="Time zone"
      options={options}
      value={useTimeZoneChoice()}
      onChange={setTimeZoneChoice}
      buttonClassName="px-1.5 py-px text-xs aria-pressed:font-medium"
    />
  )
}
