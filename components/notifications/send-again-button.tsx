'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'

import { Button } from '@/components/ui/button'
import { apiPost, isApiError } from '@/lib/queries/api-fetch'

/** Queues a sent or failed message again (the server checks the lead and audits it). */
export function SendAgainButton({ id }: { id: number }) {
  const router = useRouter()
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function sendAgain() {
    setPending(true)
    setError(null)
    try {
      await apiPost(`/api/notifications/${id}`, {})
      router.refresh()
    } catch (failure) {
      setError(isApiError(failure) ? failure.detail : 'It was not queued. Try again.')
    } finally {
      setPending(false)
    }
  }

  return (
    <div className="flex items-center gap-2">
      <Button variant="secondary" size="xs" disabled={pending} onClick={() => void sendAgain()}>
        Send again
      </Button>
      {error && (
        <span role="alert" className="text-xs text-red-800 dark:text-red-300">
          {error}
        </span>
      )}
    </div>
  )
}
