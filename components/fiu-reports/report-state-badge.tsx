import { Badge, type BadgeTone } from '@/components/ui/badge'
import { stateLabels, type ReportState } from '@/lib/fiu-reports/contract'

const tones: Record<ReportState, BadgeTone> = {
  draft: 'neutral',
  awaiting_approval: 'amber',
  approved: 'blue',
  filed: 'violet',
  acknowledged: 'green',
  rejected: 'red',
}

export function ReportStateBadge({ state }: { state: ReportState }) {
  return <Badge tone={tones[state]}>{stateLabels[state]}</Badge>
}

/** "due in 5 days", "3 days late": whole days, as a report's deadline is counted. */
export function dueText(dueAt: string, now: Date): string {
  const days = Math.round((new Date(dueAt).getTime() - now.getTime()) / 86_400_000)
  if (days === 0) return 'due today'
  return days > 0
    ? `due in ${days} day${days === 1 ? '' : 's'}`
    : `${-days} day${days === -1 ? '' : 's'} late`
}
