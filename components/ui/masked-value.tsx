'use client'

import { usePathname } from 'next/navigation'
import { useState, type ReactNode } from 'react'

import { recordAudit, type AuditedResource } from '@/lib/audit/client'
import { resourceForPathname } from '@/lib/audit/page-resource'
import { maskedKindName, maskValue, type MaskedKind } from '@/lib/auth/mask'

type State = 'masked' | 'recording' | 'revealed' | 'failed'

/** A masked value with a Reveal button; the value shows only once the reveal is on record. */
export function MaskedIdentity({
  value,
  kind,
  resource,
  children,
}: {
  value: string
  kind: MaskedKind
  resource: AuditedResource | undefined
  children?: ReactNode
}) {
  const [state, setState] = useState<State>('masked')
  const pathname = usePathname()
  const name = maskedKindName(kind)

  if (state === 'revealed') {
    return (
      <span data-identity={kind} className="break-words">
        {children ?? value}
      </span>
    )
  }

  async function reveal() {
    const target = resource ?? resourceForPathname(pathname ?? '')
    if (!target) return setState('failed')
    setState('recording')
    const recorded = await recordAudit({ action: 'reveal', resource: target, field: kind })
    setState(recorded ? 'revealed' : 'failed')
  }

  return (
    <span
      data-identity={kind}
      data-masked=""
      className="inline-flex flex-wrap items-baseline gap-x-1.5"
    >
      <span
        aria-hidden="true"
        className="font-mono tracking-wider text-zinc-500 dark:text-zinc-400"
      >
        {maskValue(kind, value)}
      </span>
      <span className="sr-only">{name} hidden</span>
      <button
        type="button"
        onClick={() => void reveal()}
        disabled={state === 'recording'}
        aria-label={`Reveal ${name}`}
        className="rounded text-xs font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600 disabled:opacity-50 dark:text-blue-300"
      >
        Reveal
      </button>
      {state === 'failed' && (
        <span role="alert" className="text-xs text-red-700 dark:text-red-300">
          Not recorded, not shown
        </span>
      )}
    </span>
  )
}
