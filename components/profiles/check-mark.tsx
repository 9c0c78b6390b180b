/** Whether one check is required, as a compact mark for table cells; words for screen readers. */
export function CheckMark({ required, name }: { required: boolean | null; name: string }) {
  if (required === null) {
    return (
      <span title={`${name}: not stated`} className="text-faint">
        ?<span className="sr-only">{name} not stated</span>
      </span>
    )
  }
  return required ? (
    <span
      title={`${name} required`}
      className="font-semibold text-emerald-700 dark:text-emerald-400"
    >
      ✓<span className="sr-only">{name} required</span>
    </span>
  ) : (
    <span title={`${name} not required`} className="text-zinc-400 dark:text-zinc-600">
      –<span className="sr-only">{name} not required</span>
    </span>
  )
}
