'use client'

import { useRouter } from 'next/navigation'
import { useState, type FormEvent } from 'react'

import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { apiPost, isApiError } from '@/lib/queries/api-fetch'
import { reportPath } from '@/lib/routes'

/** Starts a drafted report of the case (POST /api/reports) and opens it. */
export function StartReport({ caseId, codes }: { caseId: number; codes: string[] }) {
  const router = useRouter()
  const [pending, setPending] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)

  async function start(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const code = new FormData(event.currentTarget).get('code')
    setPending(true)
    setProblem(null)
    try {
      const report = await apiPost<{ id: number }>('/api/reports', {
        caseId,
        code: typeof code === 'string' ? code : '',
      })
      router.push(reportPath(report.id))
    } catch (failure) {
      setProblem(isApiError(failure) ? failure.detail : 'The report was not started. Try again.')
      setPending(false)
    }
  }

  return (
    <form onSubmit={(event) => void start(event)} className="flex items-center gap-2">
      <Select
        name="code"
        aria-label="Report code"
        defaultValue={codes[0]}
        padded={false}
        className="px-1 py-0.5 text-xs"
      >
        {codes.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </Select>
      <Button type="submit" size="xs" variant="secondary" disabled={pending}>
        {pending ? 'Drafting…' : 'Draft a report'}
      </Button>
      {problem && (
        <span role="alert" className="text-xs text-red-700 dark:text-red-400">
          {problem}
        </span>
      )}
    </form>
  )
}
