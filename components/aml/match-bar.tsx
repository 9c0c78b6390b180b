/** Name match percentage as a bar and a number; the bar is decoration, the number is the value. */
export function MatchBar({ percentage }: { percentage: number | null | undefined }) {
  if (typeof percentage !== 'number')
    return <span className="text-xs text-faint">Match % not given</span>
  const width = Math.max(0, Math.min(100, percentage))
  return (
    <span className="inline-flex items-center gap-2" title={`Name match ${percentage}%`}>
      <span
        aria-hidden="true"
        className="h-1.5 w-20 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <span
          className="block h-full rounded-full bg-blue-600 dark:bg-blue-400"
          style={{ width: `${width}%` }}
        />
      </span>
      <span className="text-xs font-medium tabular-nums">{formatPercent(percentage)} match</span>
    </span>
  )
}

function formatPercent(value: number) {
  return `${Math.round(value * 10) / 10}%`
}
