'use client'

import { useRouter } from 'next/navigation'
import { useId, useState, type FormEvent } from 'react'

import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { webhooksPath } from '@/lib/routes'
import { isUuid } from '@/lib/util/ids'

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
      <label htmlFor={inputId} className="text-xs font-medium text-muted">
        Paste a webhook id
      </label>
      <div className="flex gap-1.5">
        <Input
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
          padded={false}
          className="h-8 w-full min-w-0 px-2 font-mono text-xs sm:w-80"
        />
        <Button type="submit" variant="secondary" className="h-8 shrink-0 px-3 text-sm">
          Filter
        </Button>
      </div>
      {problem && (
        <p id={`${inputId}-problem`} className="text-xs text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
    </form>
  )
}
