'use client'

import { useState, type FormEvent } from 'react'

import {
  EXPORT_REASON_MAX,
  freeTextIssue,
  isReason,
  REASON_MIN,
  REASON_TOO_SHORT,
} from '@/lib/api/free-text'
import { apiPost, isApiError } from '@/lib/queries/api-fetch'

const buttonClass =
  'rounded border border-zinc-300 bg-white px-2.5 py-1 text-xs font-medium hover:bg-zinc-100 disabled:opacity-50 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800'

type ExportRequest = { format: 'json' | 'print'; unmasked?: boolean; reason?: string }

/**
 * The report as a file (masked as on screen, or unmasked with a reason the audit trail keeps) and
 * the print view. The server makes the file and records the export before answering; an export
 * that cannot be recorded does not happen.
 */
export function ReportActions({ searchId }: { searchId: string }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [askingReason, setAskingReason] = useState(false)
  const [reason, setReason] = useState('')

  async function run(request: ExportRequest) {
    setBusy(true)
    setError(null)
    try {
      const answer = await apiPost<unknown>('/api/exports/aml', { searchId, ...request })
      if (request.format === 'print') window.print()
      else
        download(
          answer,
          request.unmasked ? `aml-report-${searchId}-unmasked.json` : `aml-report-${searchId}.json`,
        )
      setAskingReason(false)
      setReason('')
    } catch (cause) {
      setError(
        isApiError(cause) && (cause.kind === 'bad_parameter' || cause.status === 429)
          ? cause.detail
          : 'The export could not be recorded in the audit trail, so it did not start. Try again.',
      )
    } finally {
      setBusy(false)
    }
  }

  function submitUnmasked(event: FormEvent) {
    event.preventDefault()
    const issue = freeTextIssue(reason)
    if (issue || !isReason(reason)) {
      setError(issue ? `The reason ${issue}.` : REASON_TOO_SHORT)
      return
    }
    void run({ format: 'json', unmasked: true, reason })
  }

  return (
    <div className="no-print flex max-w-md flex-col items-end gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          disabled={busy}
          onClick={() => void run({ format: 'json' })}
          className={buttonClass}
        >
          Download JSON
        </button>
        <button
          type="button"
          disabled={busy}
          aria-expanded={askingReason}
          onClick={() => setAskingReason((open) => !open)}
          className={buttonClass}
        >
          Unmasked JSON…
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => void run({ format: 'print' })}
          className={buttonClass}
          title="Prints the summary and the cards you expanded, masked as on screen"
        >
          Print / PDF
        </button>
      </div>
      {askingReason && (
        <form onSubmit={submitUnmasked} className="flex w-full flex-col gap-1.5 text-xs">
          <label htmlFor="export-reason" className="font-medium">
            Why do you need the unmasked report? (kept in the audit trail)
          </label>
          <textarea
            id="export-reason"
            required
            minLength={REASON_MIN}
            maxLength={EXPORT_REASON_MAX}
            rows={2}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className="rounded border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          />
          <button type="submit" disabled={busy} className={`${buttonClass} self-end`}>
            Download unmasked JSON
          </button>
        </form>
      )}
      {error && (
        <span role="alert" className="text-xs text-red-700 dark:text-red-300">
          {error}
        </span>
      )}
    </div>
  )
}

function download(data: unknown, name: string) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  // Revoked after the click has started the download, not before.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
