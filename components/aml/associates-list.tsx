import { Badge } from '@/components/ui/badge'
import { IdentityValue } from '@/components/ui/identity-value'
import { formatDateRange } from '@/lib/aml/format'
import type { AmlAssociate } from '@/lib/upstream/schemas'

/** Related people and entities; those matched in the same report link to their own card. */
export function AssociatesList({
  associates,
  reportMatchIds,
  onRevealMatch,
}: {
  associates: readonly AmlAssociate[]
  reportMatchIds: ReadonlySet<string>
  onRevealMatch: (uuid: string) => void
}) {
  return (
    <ul className="space-y-1">
      {associates.map((associate, index) => {
        const inReport = associate.uuid ? reportMatchIds.has(associate.uuid) : false
        const start = formatDateRange(associate.start_date)
        const end = formatDateRange(associate.end_date)
        const name = <IdentityValue value={associate.name || associate.uuid} kind="name" />
        return (
          <li key={index} className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
            {inReport && associate.uuid ? (
              <a
                href={`#match-${associate.uuid}`}
                onClick={(event) => {
                  event.preventDefault()
                  if (associate.uuid) onRevealMatch(associate.uuid)
                }}
                className="font-medium text-link hover:underline"
              >
                {name}
              </a>
            ) : (
              <span className="font-medium">{name}</span>
            )}
            {associate.relationship && <span className="text-muted">{associate.relationship}</span>}
            {associate.is_relative === true && <Badge tone="blue">Relative</Badge>}
            {associate.is_relative === false && <Badge>Not a relative</Badge>}
            {(start || end) && (
              <span className="text-xs text-faint">
                {[start && `from ${start}`, end && `until ${end}`].filter(Boolean).join(' ')}
              </span>
            )}
            {inReport && <span className="text-xs text-faint">(in this report)</span>}
          </li>
        )
      })}
    </ul>
  )
}
