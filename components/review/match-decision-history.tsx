import { Timestamp } from '@/components/ui/timestamp'
import {
  decisionLabels,
  type DecisionAction,
  type DecisionEntry,
} from '@/lib/review/decision-rules'

/** A match's decisions in this report, newest first, behind a disclosure. */
export function DecisionHistory({ history }: { history: readonly DecisionEntry[] }) {
  return (
    <details className="group">
      <summary className="cursor-pointer text-muted hover:text-zinc-900 dark:hover:text-zinc-100">
        History ({history.length})
      </summary>
      <ol className="mt-1 space-y-1 border-l border-line pl-3">
        {[...history].reverse().map((entry) => (
          <li key={entry.id}>
            <span className="font-medium">{decisionLabels[entry.decision]}</span>{' '}
            <span className="text-muted">
              ({actionWords[entry.action]}) by {entry.user},{' '}
              <Timestamp value={entry.at} mode="absolute" />
            </span>
            <p className="whitespace-pre-wrap text-zinc-800 dark:text-zinc-200">{entry.reason}</p>
          </li>
        ))}
      </ol>
    </details>
  )
}

const actionWords: Record<DecisionAction, string> = {
  set: 'set',
  confirm: 'confirmed',
  overturn: 'overturned',
  carry_over: 'carried over',
}
