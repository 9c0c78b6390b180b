'use client'

import { useState, type FormEvent } from 'react'

import { Button } from '@/components/ui/button'
import { Textarea } from '@/components/ui/textarea'

/**
 * Asks why an unmasked file is needed before it is made: the reason the audit trail keeps. The
 * caller checks the reason and makes the file; the form closes with it, forgetting the text.
 */
export function ReasonForm({
  id,
  question,
  submitLabel,
  busy,
  minLength,
  maxLength,
  onSubmit,
}: {
  id: string
  question: string
  submitLabel: string
  busy: boolean
  minLength: number
  maxLength: number
  onSubmit: (reason: string) => void
}) {
  const [reason, setReason] = useState('')

  function submit(event: FormEvent) {
    event.preventDefault()
    onSubmit(reason)
  }

  return (
    <form onSubmit={submit} className="flex w-full flex-col gap-1.5 text-xs">
      <label htmlFor={id} className="font-medium">
        {question} (kept in the audit trail)
      </label>
      <Textarea
        id={id}
        required
        minLength={minLength}
        maxLength={maxLength}
        rows={2}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <Button type="submit" disabled={busy} variant="secondary" size="sm" className="self-end">
        {submitLabel}
      </Button>
    </form>
  )
}

/** Hands a file made in the browser to the browser's download. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  // Revoked after the click has started the download, not before.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
