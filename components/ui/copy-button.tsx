'use client'

import { useEffect, useState } from 'react'

import { Button } from '@/components/ui/button'

/** Copies a value and confirms it for a moment; the label names what is copied for screen readers. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  // When the last copy happened: a second copy restarts the confirmation's moment.
  const [copiedAt, setCopiedAt] = useState<number | null>(null)
  const copied = copiedAt !== null

  useEffect(() => {
    if (copiedAt === null) return
    const timer = setTimeout(() => setCopiedAt(null), 1500)
    return () => clearTimeout(timer)
  }, [copiedAt])

  async function copy() {
    try {
      await navigator.clipboard.writeText(value)
      setCopiedAt(Date.now())
    } catch {
      setCopiedAt(null)
    }
  }

  return (
    <Button
      onClick={() => void copy()}
      aria-label={`Copy ${label}`}
      title={`Copy ${label}`}
      className="no-print inline-flex h-5 shrink-0 items-center rounded px-1 text-[11px] font-medium text-faint hover:bg-subtle hover:text-zinc-900 dark:hover:text-zinc-100"
    >
      {copied ? 'Copied' : 'Copy'}
      <span className="sr-only" role="status">
        {copied ? `${label} copied` : ''}
      </span>
    </Button>
  )
}
