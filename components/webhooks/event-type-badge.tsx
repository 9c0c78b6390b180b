import { Badge, type BadgeTone } from '@/components/ui/badge'

const tones: Record<string, BadgeTone> = {
  AML_SCREENING: 'violet',
  DOCVER: 'blue',
  DOCVER_CHECKS: 'blue',
}

/** The event type as sent; a type Verity does not know still shows, in a neutral tone. */
export function EventTypeBadge({ type }: { type: string | null | undefined }) {
  if (!type) return <Badge title="The record names no event type">no type</Badge>
  const tone = tones[type]
  return (
    <Badge
      tone={tone ?? 'neutral'}
      title={tone ? undefined : 'An event type Verity does not describe yet'}
    >
      <span className="font-mono">{type}</span>
    </Badge>
  )
}
