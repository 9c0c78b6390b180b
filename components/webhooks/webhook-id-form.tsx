'use client'

import { useRouter } from 'next/navigation'
import { useId, useState, type FormEvent } from 'react'

import { isUuid } from '@/lib/ids'
import { webhooksPath } from '@/lib/routes'

/** Filter by a pasted webhook configuration id; a malformed one is refused here, before any call. */
export function WebhookIdForm() {
  const router = useRouter()
  const inputId = useId()
  const [value, setValue] = useState('')
  const [problem, setProblem] = useState<string | null>(null)

  function submit(event: FormEvent) {
    event.preventDefault()
    const id = value.trim()
    if (!isUuid(id)) {
      setProblem('A webhook id is a UUID: 8-4-4-4-12 hexadecimal digits.')
      return
    }
    setProblem(null)
    setValue('')
    router.push(webhooksPath(id.toLowerCase()))
  }

  return (
    <form onSubmit={submit} className="flex w-full min-w-0 flex-col gap-1 sm:w-auto" noValidate>
      <label htmlFor={inputId} className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
        Paste a webhook id
      </label>
      <div className="flex gap-1.5">
        <input
          id={inputId}
          value={value}
          onChange={(event) => {
            setValue(event.target.value)
            if (problem) setProblem(null)
          }}
          placeholder="00000000-0000-0000-0000-000000000000"
          spellCheck={false}
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${inputId}-problem` : undefined}
          className="h-8 w-full min-w-0 rounded border border-zinc-300 bg-white px-2 font-mono text-xs sm:w-80 dark:border-zinc-700 dark:bg-zinc-900"
        />
        <button
          type="submit"
          className="h-8 shrink-0 rounded border border-zinc-300 bg-white px-3 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800"
        >
          Filter
        </button>
      </div>
      {problem && (
        <p id={`${inputId}-problem`} className="text-xs text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
    </form>
  )
}
