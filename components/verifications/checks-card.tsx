import { Card } from '@/components/ui/card'
import { CheckCard } from '@/components/verifications/check-card'
import type { Verification } from '@/lib/upstream/schemas'
import { checkEntries, errorSummary } from '@/lib/verifications/checks'

export function ChecksCard({ verification }: { verification: Verification }) {
  const entries = checkEntries(verification)
  const hasErrors = entries.some((entry) => entry.errors.length > 0)
  return (
    <Card id="checks" title="Checks">
      <p
        className={`mb-3 text-sm font-medium ${hasErrors ? 'text-red-800 dark:text-red-300' : 'text-zinc-700 dark:text-zinc-300'}`}
      >
        {errorSummary(entries)}
      </p>
      {!verification.settings && (
        <p className="mb-3 text-xs text-faint">
          This verification carries no settings, so whether each check is required is not known.
        </p>
      )}
      <ul className="space-y-3">
        {entries.map((entry) => (
          <CheckCard key={entry.name} entry={entry} />
        ))}
      </ul>
    </Card>
  )
}
