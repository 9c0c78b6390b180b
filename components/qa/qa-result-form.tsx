'use client'

import { useRouter } from 'next/navigation'
import { useId, useState, type FormEvent } from 'react'

import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { Textarea } from '@/components/ui/textarea'
import { QA_REASON_MAX, qaResultRequest } from '@/lib/qa/requests'
import { apiPost, isApiError } from '@/lib/queries/api-fetch'

/**
 * A lead's QA result on one sampled case, checked as the server checks it; when the case has a
 * result already, this one is its correction (a result is never changed). Opened per case: a
 * sample of twenty cases, each with its form open, was a page of forms (9,000 px at 375 wide).
 */
export function QaResultForm({ caseId, corrects }: { caseId: number; corrects: number | null }) {
  const id = useId()
  const router = useRouter()
  const [open, setOpen] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const given = data.get('reason')
    const reason = typeof given === 'string' ? given.trim() : ''
    const body = {
      caseId,
      result: data.get('result'),
      ...(reason ? { reason } : {}),
      ...(corrects === null ? {} : { corrects }),
    }
    const parsed = qaResultRequest.safeParse(body)
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the form.')
    setPending(true)
    setError(null)
    try {
      await apiPost(`/api/qa/${caseId}`, parsed.data)
      setOpen(false)
      router.refresh()
    } catch (failure) {
      setError(isApiError(failure) ? failure.detail : 'The result was not saved. Try again.')
    } finally {
      setPending(false)
    }
  }

  // Closed, a button at the end of the case's line; open, the form on a line of its own below it.
  if (!open) {
    return (
      <Button
        type="button"
        variant="secondary"
        size="xs"
        className="ml-auto"
        onClick={() => setOpen(true)}
      >
        {corrects === null ? 'Record a result' : `Correct result ${corrects}`}
      </Button>
    )
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="flex basis-full flex-wrap items-end gap-2 pt-1"
      aria-label={`QA result for case ${caseId}`}
    >
      <label className="flex flex-col text-xs font-medium">
        {corrects === null ? 'Result' : `Correct result ${corrects}`}
        <Select name="result" sunken defaultValue="pass">
          <option value="pass">Pass</option>
          <option value="fail">Fail (reopens the case)</option>
        </Select>
      </label>
      <label htmlFor={`${id}-reason`} className="flex min-w-64 flex-1 flex-col text-xs font-medium">
        Reason (needed for a fail)
        <Textarea id={`${id}-reason`} name="reason" rows={1} maxLength={QA_REASON_MAX} sunken />
      </label>
      <Button type="submit" variant="secondary" size="sm" disabled={pending}>
        Record
      </Button>
      <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(false)}>
        Cancel
      </Button>
      {error && (
        <p role="alert" className="w-full text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </form>
  )
}
