/**
 * The verification state machine of reference section 3. The reference leaves the source state of
 * the move to in_progress open; it is modelled from initial and pending, the states in which
 * documents are still being collected.
 */

export const VERIFICATION_STATUSES = [
  'initial',
  'pending',
  'in_progress',
  'verified',
  'failed',
  'canceled',
  'expired',
] as const

export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number]

type Transition = {
  from: readonly VerificationStatus[]
  to: VerificationStatus
  trigger: string
}

const allExcept = (...excluded: VerificationStatus[]) =>
  VERIFICATION_STATUSES.filter((status) => !excluded.includes(status))

const TRANSITIONS: readonly Transition[] = [
  { from: ['initial'], to: 'pending', trigger: 'some but not all required documents uploaded' },
  {
    from: ['initial', 'pending'],
    to: 'in_progress',
    trigger: 'proceeded with all documents uploaded',
  },
  { from: ['in_progress'], to: 'verified', trigger: 'positive result' },
  { from: ['in_progress'], to: 'failed', trigger: 'negative result' },
  { from: allExcept('verified', 'failed'), to: 'canceled', trigger: 'canceled' },
  {
    from: allExcept('verified', 'in_progress', 'failed'),
    to: 'expired',
    trigger: 'expiry time reached',
  },
]

/** The way a verification normally runs; canceled and expired leave it from the side. */
export const MAIN_PATH: readonly VerificationStatus[] = ['initial', 'pending', 'in_progress']
export const OUTCOMES: readonly VerificationStatus[] = ['verified', 'failed']
export const EXITS: readonly VerificationStatus[] = ['canceled', 'expired']

export function isKnownStatus(status: string | null | undefined): status is VerificationStatus {
  return (VERIFICATION_STATUSES as readonly string[]).includes(status ?? '')
}

export function isFinal(status: string | null | undefined): boolean {
  return status === 'verified' || status === 'failed'
}

/** The moves still possible from a status; empty for an end state, null for an unknown status. */
export function movesFrom(status: string | null | undefined): Transition[] | null {
  if (!isKnownStatus(status)) return null
  return TRANSITIONS.filter((move) => move.from.includes(status) && move.to !== status)
}

/** Whether reaching `expires_at` would still change this status (drives the countdown). */
export function canStillExpire(status: string | null | undefined): boolean {
  return movesFrom(status)?.some((move) => move.to === 'expired') ?? false
}
