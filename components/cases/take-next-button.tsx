'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'

import { Button } from '@/components/ui/button'
import type { CaseSummary } from '@/lib/cases/types'
import { apiPost, isApiError } from '@/lib/queries/api-fetch'
import { casePath } from '@/lib/routes'

/** Takes the oldest unclaimed case of the highest risk and opens it. */
export function TakeNextButton() {
  const router = useRouter()
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  async function take() {
    setPending(true)
    setError(null)
    try {
      const kase = await apiPost<CaseSummary>('/api/cases/take-next', {})
      router.push(casePath(kase.id))
    } catch (failure) {
      setError(isApiError(failure) ? failure.detail : 'No case was taken. Try again.')
      setPending(false)
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        onClick={() => void take()}
        disabled={pending}
        variant="primary"
        className="px-3 py-1.5 text-xs"
      >
        {pending ? 'Taking…' : 'Take next'}
      </Button>
      {error && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  )
}
