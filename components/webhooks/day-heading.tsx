/** The heading of one day's run of records, on the timeline's rail. */
export function DayHeading({
  label,
  count,
  first,
}: {
  label: string
  count: number
  first: boolean
}) {
  return (
    <div className={`relative flex items-baseline gap-2 pb-1.5 pl-6 ${first ? 'pt-1' : 'pt-5'}`}>
      <span
        aria-hidden="true"
        className={`absolute bottom-0 left-[7px] w-px bg-zinc-200 dark:bg-zinc-800 ${first ? 'top-3' : 'top-0'}`}
      />
      <span
        aria-hidden="true"
        className={`absolute left-[3px] size-[9px] rounded-full border-2 border-zinc-500 bg-sunken dark:border-zinc-400 ${first ? 'top-[9px]' : 'top-[25px]'}`}
      />
      <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{label}</h2>
      <span className="text-xs text-faint">
        {count} {count === 1 ? 'notification' : 'notifications'}
      </span>
    </div>
  )
}
