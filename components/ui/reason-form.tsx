'use client'

import { useState, type FormEvent } from 'react'

/** The small bordered button of a record's actions (exports, evidence packs). */
export const actionButtonClass =
  'rounded border border-zinc-300 bg-white px-2.5 py-1 text-xs font-medium hover:bg-zinc-100 disabled:opacity-50 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800'

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
      <textarea
        id={id}
        required
        minLength={minLength}
        maxLength={maxLength}
        rows={2}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        className="rounded border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      />
      <button type="submit" disabled={busy} className={`${actionButtonClass} self-end`}>
        {submitLabel}
      </button>
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
