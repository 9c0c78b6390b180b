'use client'

import { useState } from 'react'

import { Button } from '@/components/ui/button'
import { MrzDateText } from '@/components/ui/mrz-date-text'
import { maskedKindName } from '@/lib/projection/mask-rules'
import type { MaskedToken } from '@/lib/projection/masked-token'
import { revealValue } from '@/lib/queries/reveal'
import type { MrzDateKind } from '@/lib/verifications/mrz-date'

/** A revealed MRZ date reads as the date, with the raw six digits beside it; `reference` is ISO. */
export type MrzDateFormat = { kind: MrzDateKind; reference: string | null }

type State =
  | { step: 'masked' }
  | { step: 'asking' }
  | { step: 'revealed'; value: string }
  | { step: 'refused'; message: string }

/**
 * A masked value with a Reveal button. The browser holds only the mask; revealing asks the server
 * for this one value, which records the reveal before it answers.
 */
export function MaskedValue({
  token,
  mrzDate,
}: {
  token: MaskedToken
  mrzDate?: MrzDateFormat | undefined
}) {
  const [state, setState] = useState<State>({ step: 'masked' })
  const name = maskedKindName(token.kind)

  if (state.step === 'revealed') {
    return (
      <span data-identity={token.kind} data-revealed="" className="break-words">
        {mrzDate ? (
          <MrzDateText
            value={state.value}
            kind={mrzDate.kind}
            reference={mrzDate.reference ? new Date(mrzDate.reference) : null}
          />
        ) : (
          state.value
        )}
      </span>
    )
  }

  async function reveal() {
    setState({ step: 'asking' })
    const answer = await revealValue(token.ref)
    setState(
      answer.ok
        ? { step: 'revealed', value: answer.value }
        : { step: 'refused', message: answer.message },
    )
  }

  return (
    <span
      data-identity={token.kind}
      data-masked=""
      className="inline-flex flex-wrap items-baseline gap-x-1.5"
    >
      <span aria-hidden="true" className="font-mono tracking-wider text-faint">
        {token.shown}
      </span>
      <span className="sr-only">{name} hidden</span>
      <Button
        onClick={() => void reveal()}
        disabled={state.step === 'asking'}
        aria-label={`Reveal ${name}`}
        variant="link"
        className="rounded text-xs focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600"
      >
        Reveal
      </Button>
      {state.step === 'refused' && (
        <span role="alert" className="text-xs text-red-700 dark:text-red-300">
          {state.message}
        </span>
      )}
    </span>
  )
}
