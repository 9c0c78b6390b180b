import { Badge } from '@/components/ui/badge'
import { CheckData } from '@/components/verifications/check-data'
import { CheckErrors } from '@/components/verifications/check-errors'
import { StatusBadge } from '@/components/verifications/status-badge'
import type { CheckEntry } from '@/lib/verifications/checks'

/** One check: whether it is required, its status, its errors, what it still waits for. */
export function CheckCard({ entry }: { entry: CheckEntry }) {
  const { check, requirement, reported } = entry
  const failed = entry.errors.length > 0
  const pending = (check?.pending_documents ?? []).map(String)
  return (
    <li
      aria-label={`${entry.label} check`}
      className={`rounded border px-3 py-2 ${
        failed
          ? 'border-red-200 bg-red-50/40 dark:border-red-900 dark:bg-red-950/20'
          : 'border-line'
      }`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-medium">{entry.label}</h3>
        <code className="font-mono text-[11px] text-faint">{entry.name}</code>
        {requirement === 'required' && <Badge>Required</Badge>}
        {requirement === 'optional' && <span className="text-xs text-faint">not required</span>}
        <span className="ml-auto">
          {reported && check?.status && <StatusBadge status={check.status} of="check" />}
        </span>
      </div>
      {!reported && <Absent requirement={requirement} />}
      {reported && (
        <div className="mt-1.5 space-y-2 empty:hidden">
          {failed && <CheckErrors errors={entry.errors} />}
          {pending.length > 0 && (
            <p className="text-xs text-muted">
              Waiting for:{' '}
              <span className="font-medium text-zinc-800 dark:text-zinc-200">
                {pending.join(', ')}
              </span>
            </p>
          )}
          {!failed && pending.length === 0 && check && (
            <p className="text-xs text-faint">No errors.</p>
          )}
          {check === null && <p className="text-xs text-faint">Reported without details.</p>}
          <CheckData name={entry.name} data={check?.data} />
        </div>
      )}
    </li>
  )
}

function Absent({ requirement }: { requirement: CheckEntry['requirement'] }) {
  if (requirement === 'required') {
    return (
      <p className="mt-1 text-xs font-medium text-amber-800 dark:text-amber-300">
        Required by the settings, but the upstream reports no result for it.
      </p>
    )
  }
  return <p className="mt-1 text-xs text-faint">Not part of this verification.</p>
}
