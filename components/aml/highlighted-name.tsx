import { IdentityValue } from '@/components/ui/identity-value'
import { highlightName } from '@/lib/aml/highlight'

/** A matched name with the words it shares with the requested name marked. */
export function HighlightedName({
  name,
  requested,
}: {
  name: string | null
  requested: string | null | undefined
}) {
  return (
    <IdentityValue value={name} kind="name">
      {name &&
        highlightName(name, requested).map((segment, index) =>
          segment.match ? (
            <mark
              key={index}
              className="rounded-sm bg-amber-200/70 px-0.5 text-inherit dark:bg-amber-500/30"
            >
              {segment.text}
            </mark>
          ) : (
            <span key={index}>{segment.text}</span>
          ),
        )}
    </IdentityValue>
  )
}
