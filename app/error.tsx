'use client'

import { useEffect } from 'react'

import { Button } from '@/components/ui/button'

// A failure while rendering a page; the header stays, and the analyst can retry.
export default function PageError({
  error,
  reset,
}: {
  error: Error & { digest?: string }
  reset: () => void
}) {
  useEffect(() => {
    console.error(error.digest ?? error.name)
  }, [error])
  return (
    <div
      role="alert"
      className="max-w-xl rounded-md border border-red-200 bg-red-50 p-4 text-sm dark:border-red-900 dark:bg-red-950/50"
    >
      <p className="font-medium text-red-900 dark:text-red-200">This page could not be shown</p>
      <p className="mt-1 text-red-800 dark:text-red-300">
        Something went wrong while preparing it.{error.digest ? ` Reference: ${error.digest}.` : ''}
      </p>
      <Button onClick={reset} variant="danger" className="mt-3 px-3 py-1">
        Try again
      </Button>
    </div>
  )
}
