'use client'

import { useRouter } from 'next/navigation'
import { useId, useOptimistic, useRef, useTransition } from 'react'

import { Select } from '@/components/ui/select'
import { useEnteredBeforeHydration } from '@/components/ui/use-entered-before-hydration'
import { webhooksPath } from '@/lib/routes'

/** The webhook configuration filter, chosen among the ids seen so far; it lives in the address. */
export function WebhookSelect({
  value,
  options,
}: {
  value: string | undefined
  options: string[]
}) {
  const router = useRouter()
  const id = useId()
  const [pending, startTransition] = useTransition()
  // The choice shows at once; the address and the list follow when the server has rendered them.
  const [shown, setShown] = useOptimistic(value ?? '')
  const ref = useRef<HTMLSelectElement>(null)
  const choose = (next: string) =>
    startTransition(() => {
      setShown(next)
      router.push(next ? webhooksPath(next) : webhooksPath())
    })
  useEnteredBeforeHydration(ref, value ?? '', choose)

  return (
    <div className="flex w-full min-w-0 flex-col gap-1 sm:w-auto">
      <label htmlFor={id} className="text-xs font-medium text-muted">
        Webhook configuration {pending && <span className="font-normal">· loading…</span>}
      </label>
      <Select
        ref={ref}
        id={id}
        value={shown}
        onChange={(event) => choose(event.target.value)}
        padded={false}
        className="h-8 w-full min-w-0 px-2 font-mono text-xs sm:w-80"
      >
        <option value="">All configurations</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </Select>
    </div>
  )
}
