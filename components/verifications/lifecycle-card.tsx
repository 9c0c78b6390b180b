import { Card } from '@/components/ui/card'
import { LifecycleStep, type StepState } from '@/components/verifications/lifecycle-step'
import type { Verification } from '@/lib/upstream/schemas'
import {
  EXITS,
  isFinal,
  isKnownStatus,
  MAIN_PATH,
  movesFrom,
  OUTCOMES,
  type VerificationStatus,
} from '@/lib/verifications/lifecycle'
import { verificationStatusLook } from '@/lib/verifications/status'

/** Section 3's state machine around this verification: where it is and where it can still go. */
export function LifecycleCard({ verification }: { verification: Verification }) {
  const status = verification.status
  const moves = movesFrom(status)
  const next = new Set(moves?.map((move) => move.to))
  const reachedIndex = MAIN_PATH.indexOf(status as VerificationStatus)
  const passedMain = reachedIndex >= 0 || OUTCOMES.includes(status as VerificationStatus)

  function stateOf(step: VerificationStatus, index?: number): StepState {
    if (step === status) return 'current'
    if (next.has(step)) return 'possible'
    // Main-path steps before the current one (or before an outcome) were passed through.
    if (index !== undefined && passedMain && (reachedIndex < 0 || index < reachedIndex))
      return 'passed'
    return 'closed'
  }

  const triggerOf = (step: VerificationStatus) => moves?.find((move) => move.to === step)?.trigger

  return (
    <Card id="lifecycle" title="Lifecycle">
      {!isKnownStatus(status) && (
        <p className="mb-2 text-xs text-violet-800 dark:text-violet-300">
          Status “{status ?? 'none'}” is not in the reference’s state machine; its possible moves
          are unknown.
        </p>
      )}
      <ol aria-label="Verification lifecycle" className="space-y-0.5">
        {MAIN_PATH.map((step, index) => (
          <LifecycleStep
            key={step}
            status={step}
            state={stateOf(step, index)}
            trigger={triggerOf(step)}
          />
        ))}
        {OUTCOMES.map((step) => (
          <LifecycleStep
            key={step}
            status={step}
            state={stateOf(step)}
            trigger={triggerOf(step)}
            final
          />
        ))}
        {EXITS.map((step, index) => (
          <LifecycleStep
            key={step}
            status={step}
            state={stateOf(step)}
            trigger={triggerOf(step)}
            aside={index === 0}
          />
        ))}
      </ol>
      <p className="mt-3 text-xs text-muted">
        <MovesSummary status={status} count={moves?.length ?? null} />
      </p>
    </Card>
  )
}

function MovesSummary({
  status,
  count,
}: {
  status: string | null | undefined
  count: number | null
}) {
  const label = verificationStatusLook(status).label
  if (isFinal(status))
    return <>{label} is an end state: nothing can change it, not even cancel or expiry.</>
  if (count === null) return <>Verified and failed are the end states.</>
  return (
    <>
      {count} {count === 1 ? 'move' : 'moves'} possible from {label.toLowerCase()}. Verified and
      failed are end states.
    </>
  )
}
