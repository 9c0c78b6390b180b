import { OnOff } from '@/components/profiles/on-off'
import { Card } from '@/components/ui/card'
import { profileSwitches } from '@/lib/profiles/switches'
import type { ProfileSettings } from '@/lib/upstream/schemas'

/** The cross-checks and upload options, each a sentence with On or Off. */
export function ProfileRulesCard({ settings }: { settings: ProfileSettings | null | undefined }) {
  return (
    <Card title="Cross-checks and options" id="rules">
      <ul className="divide-y divide-hairline">
        {profileSwitches(settings).map((rule) => (
          <li key={rule.key} className="flex items-baseline justify-between gap-4 py-1.5">
            <span>{rule.label}</span>
            <span className="shrink-0">
              <OnOff value={rule.on} on="On" off="Off" />
            </span>
          </li>
        ))}
      </ul>
    </Card>
  )
}
