'use client'

import { useRouter } from 'next/navigation'
import { useId, useState, type FormEvent } from 'react'

import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { Textarea } from '@/components/ui/textarea'
import type { CaseAction } from '@/lib/cases/requests'
import { movesFrom, moveLabels, OUTCOMES, outcomeLabels, type Move } from '@/lib/cases/rules'
import type { Analyst, CaseSummary, Undecided } from '@/lib/cases/types'
import { apiPost, isApiError } from '@/lib/queries/api-fetch'

/**
 * The actions the viewer may take on a case, each sent to the server, which checks it again and
 * answers why when it refuses; the page is refreshed after each.
 */
export function CaseActions({
  kase,
  viewer,
  analysts,
  undecided,
}: {
  kase: CaseSummary
  viewer: { id: string; lead: boolean; auditor?: boolean }
  analysts: Analyst[]
  undecided?: Undecided | null | undefined
}) {
  const id = useId()
  const router = useRouter()
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const [form, setForm] = useState<Move | null>(null)

  async function send(action: CaseAction) {
    setPending(true)
    setError(null)
    try {
      await apiPost(`/api/cases/${kase.id}`, action)
      setForm(null)
      router.refresh()
    } catch (failure) {
      setError(isApiError(failure) ? failure.detail : 'The change was not saved. Try again.')
    } finally {
      setPending(false)
    }
  }

  const mine = kase.ownerId === viewer.id
  const closed = kase.state === 'closed'
  const mayMove = viewer.lead || kase.ownerId === null || mine
  // A proposed closing is settled by a lead who did not propose it (lib/cases/rules.ts).
  const maySettle = viewer.lead && kase.proposal !== null && kase.proposal.byId !== viewer.id
  const moves = mayMove
    ? movesFrom(kase.state).filter(
        (move) => (move !== 'confirm_close' && move !== 'return') || maySettle,
      )
    : []

  function submitMove(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const reason = text(data.get('reason'))
    if (form === 'close') {
      const outcome = text(data.get('outcome')) as (typeof OUTCOMES)[number]
      void send({ action: 'close', outcome, reason })
    } else if (form === 'wait') {
      const until = new Date(text(data.get('until')))
      if (Number.isNaN(until.getTime())) return setError('Choose the date the case waits until.')
      void send({ action: 'wait', until: until.toISOString() })
    } else if (form === 'escalate' || form === 'reopen' || form === 'return') {
      void send({ action: form, reason })
    }
  }

  const proposal = kase.proposal && (
    <p className="text-xs" data-testid="closing-proposal">
      <span className="font-medium">
        Closing as {outcomeLabels[kase.proposal.outcome].toLowerCase()} proposed by{' '}
        {kase.proposal.byLabel}
      </span>
      {maySettle ? '' : ', awaiting a lead who did not propose it'}: {kase.proposal.reason}
    </p>
  )
  // An auditor reads and changes nothing (the server refuses it too: lib/api/gate.ts).
  if (viewer.auditor) {
    return (
      <div className="flex flex-col gap-2">
        {proposal}
        <p className="text-xs text-muted">Read-only: auditors do not act on cases.</p>
      </div>
    )
  }

  return (
    <div className="no-print flex flex-col gap-2">
      {proposal}
      <div className="flex flex-wrap gap-2" role="group" aria-label="Case actions">
        {!closed && kase.ownerId === null && (
          <Button
            variant="secondary"
            size="sm"
            disabled={pending}
            onClick={() => void send({ action: 'claim' })}
          >
            Claim
          </Button>
        )}
        {!closed && kase.ownerId !== null && (mine || viewer.lead) && (
          <Button
            variant="secondary"
            size="sm"
            disabled={pending}
            onClick={() => void send({ action: 'release' })}
          >
            Release
          </Button>
        )}
        {moves.map((move) =>
          move === 'start' || move === 'resume' || move === 'confirm_close' ? (
            <Button
              key={move}
              variant="secondary"
              size="sm"
              disabled={pending}
              onClick={() => void send({ action: move })}
            >
              {moveLabels[move]}
            </Button>
          ) : (
            <Button
              key={move}
              variant="secondary"
              size="sm"
              disabled={pending}
              aria-expanded={form === move}
              onClick={() => setForm(form === move ? null : move)}
            >
              {moveLabels[move]}…
            </Button>
          ),
        )}
      </div>
      {viewer.lead && !closed && analysts.length > 0 && (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault()
            const analystId = text(new FormData(event.currentTarget).get('analyst'))
            void send({ action: 'assign', analystId })
          }}
        >
          <label className="flex flex-col text-xs font-medium">
            Assign to
            <Select name="analyst" sunken defaultValue={kase.ownerId ?? ''}>
              {analysts.map((analyst) => (
                <option key={analyst.id} value={analyst.id}>
                  {analyst.label}
                </option>
              ))}
            </Select>
          </label>
          <Button type="submit" variant="secondary" size="sm" disabled={pending}>
            Assign
          </Button>
        </form>
      )}
      {form && (
        <form onSubmit={submitMove} className="flex flex-col gap-1.5" aria-label={moveLabels[form]}>
          {form === 'close' && undecided && (
            <p className="text-xs" data-testid="case-undecided">
              {undecidedText(undecided)}
            </p>
          )}
          {form === 'close' && (
            <label className="flex flex-col text-xs font-medium">
              Outcome
              <Select name="outcome" sunken>
                {OUTCOMES.map((outcome) => (
                  <option key={outcome} value={outcome}>
                    {outcomeLabels[outcome]}
                  </option>
                ))}
              </Select>
            </label>
          )}
          {form === 'wait' ? (
            <label className="flex flex-col text-xs font-medium">
              Waiting until
              <Input name="until" type="datetime-local" required sunken />
            </label>
          ) : (
            <label htmlFor={`${id}-reason`} className="flex flex-col text-xs font-medium">
              Reason
              <Textarea id={`${id}-reason`} name="reason" rows={2} required minLength={10} sunken />
            </label>
          )}
          <div>
            <Button type="submit" variant="secondary" size="sm" disabled={pending}>
              {moveLabels[form]}
            </Button>
          </div>
        </form>
      )}
      {error && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  )
}

/** What is still undecided before a screening case closes as false positive or true match. */
function undecidedText({ matches, undecided, awaiting }: Undecided) {
  if (undecided === 0 && awaiting === 0) return `Every one of the ${matches} matches is decided.`
  const parts = [
    undecided > 0 && `${undecided} of ${matches} matches undecided`,
    awaiting > 0 && `${awaiting} awaiting a second analyst`,
  ].filter(Boolean)
  return `Still open: ${parts.join('; ')}. Only "No action needed" closes it before they are decided.`
}

function text(value: FormDataEntryValue | null) {
  return typeof value === 'string' ? value : ''
}
