import { verificationStatusLook } from '@/lib/verifications/status'

export type StepState = 'current' | 'passed' | 'possible' | 'closed'

const DOT: Record<StepState, string> = {
  current: 'bg-zinc-900 ring-4 ring-zinc-200 dark:bg-zinc-100 dark:ring-zinc-700',
  passed: 'bg-zinc-400 dark:bg-zinc-500',
  possible: 'border-2 border-zinc-500 bg-surface dark:border-zinc-400',
  closed: 'border border-dashed border-control',
}

const TEXT: Record<StepState, string> = {
  current: 'font-semibold text-zinc-900 dark:text-zinc-50',
  passed: 'text-muted',
  possible: 'text-zinc-800 dark:text-zinc-200',
  closed: 'text-faint',
}

const NOTE: Record<StepState, string> = {
  current: 'current',
  passed: 'earlier',
  possible: 'possible next',
  closed: 'not possible',
}

/** One status of the lifecycle, marked current, passed, possible next or no longer possible. */
export function LifecycleStep({
  status,
  state,
  trigger,
  final = false,
  aside = false,
}: {
  status: string
  state: StepState
  trigger?: string | undefined
  final?: boolean
  /** The first of the side exits (cancel, expiry), set apart from the main path. */
  aside?: boolean
}) {
  const label = verificationStatusLook(status).label
  return (
    <li
      aria-current={state === 'current' ? 'step' : undefined}
      className={`flex items-start gap-2.5 py-0.5 text-sm ${aside ? 'mt-1.5 border-t border-dashed border-line pt-2' : ''}`}
    >
      <span aria-hidden="true" className={`mt-1.5 size-2.5 shrink-0 rounded-full ${DOT[state]}`} />
      <span className={`min-w-0 flex-1 ${TEXT[state]}`}>
        <span>{label}</span>
        {final && <span className="ml-1.5 text-[11px] font-normal text-faint">end state</span>}
        {state === 'possible' && trigger && (
          <span className="block text-xs font-normal text-faint">when {trigger}</span>
        )}
      </span>
      <span className="shrink-0 text-[11px] text-faint">{NOTE[state]}</span>
    </li>
  )
}
