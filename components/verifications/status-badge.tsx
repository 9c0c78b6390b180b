import { Badge } from '@/components/ui/badge'
import { checkStatusLook, verificationStatusLook } from '@/lib/verifications/status'

/** A status in colour and words; an unknown value shows as sent, with the raw value in the tooltip. */
export function StatusBadge({
  status,
  of = 'verification',
}: {
  status: string | null | undefined
  of?: 'verification' | 'check'
}) {
  const look = of === 'verification' ? verificationStatusLook(status) : checkStatusLook(status)
  const title = look.known ? `${look.hint} (status: ${status})` : look.hint
  return (
    <Badge tone={look.tone} title={title}>
      {look.label}
    </Badge>
  )
}
