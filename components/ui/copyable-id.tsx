import { CopyButton } from '@/components/ui/copy-button'

/** An id in monospace with a copy button; `short` shows the first 8 characters, full on hover. */
export function CopyableId({
  value,
  label = 'id',
  short = false,
}: {
  value: string
  label?: string
  short?: boolean
}) {
  return (
    <span className="inline-flex min-w-0 items-center gap-1">
      <code title={short ? value : undefined} className="truncate font-mono text-xs">
        {short ? `${value.slice(0, 8)}…` : value}
      </code>
      <CopyButton value={value} label={label} />
    </span>
  )
}
