import { Badge } from '@/components/ui/badge'

/** Default and archived markers, shown beside a profile's name in the list and on its page. */
export function ProfileBadges({
  isDefault,
  isArchived,
}: {
  isDefault: boolean | null | undefined
  isArchived: boolean | null | undefined
}) {
  if (!isDefault && !isArchived) return null
  return (
    <span className="inline-flex gap-1 align-middle">
      {isDefault && <Badge tone="blue">Default</Badge>}
      {isArchived && (
        <Badge tone="amber" title="Cannot be used for new verifications">
          Archived
        </Badge>
      )}
    </span>
  )
}
