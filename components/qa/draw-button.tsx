'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'

import { Button } from '@/components/ui/button'
import type { QaPeriod } from '@/lib/qa/requests'
import { apiPost, isApiError } from '@/lib/queries/api-fetch'

/** A lead draws the shown period's QA sample now, besides the weekly draw. */
export function DrawButton({ period }: { period: QaPeriod }) {
  const router = useRouter()
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  async function draw() {
    setPending(true)
    setError(null)
    try {
      await apiPost('/api/qa', period)
      router.refresh()
    } catch (failure) {
      setError(isApiError(failure) ? failure.detail : 'The draw was not made. Try again.')
    } finally {
      setPending(false)
    }
  }

  return (
    <>
      <Button variant="primary" size="md" disabled={pending} onClick={() => void draw()}>
        Draw this period now
      </Button>
      {error && (
        <p role="alert" className="w-full text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </>
  )
}
