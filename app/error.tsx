'use client'

import { useEffect } from 'react'

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
      <button
        type="button"
        onClick={reset}
        className="mt-3 rounded border border-red-300 bg-white px-3 py-1 font-medium text-red-900 hover:bg-red-100 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
      >
        Try again
      </button>
    </div>
  )
}
