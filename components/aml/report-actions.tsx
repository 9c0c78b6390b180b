'use client'

import { useState } from 'react'

import { Button } from '@/components/ui/button'
import { ReasonForm, saveFile } from '@/components/ui/reason-form'
import {
  EXPORT_REASON_MAX,
  freeTextIssue,
  isReason,
  REASON_MIN,
  REASON_TOO_SHORT,
} from '@/lib/api/free-text'
import { apiPost, isApiError } from '@/lib/queries/api-fetch'

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

  function submitUnmasked(reason: string) {
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
        <Button
          disabled={busy}
          onClick={() => void run({ format: 'json' })}
          variant="secondary"
          size="sm"
        >
          Download JSON
        </Button>
        <Button
          disabled={busy}
          aria-expanded={askingReason}
          onClick={() => setAskingReason((open) => !open)}
          variant="secondary"
          size="sm"
        >
          Unmasked JSON…
        </Button>
        <Button
          disabled={busy}
          onClick={() => void run({ format: 'print' })}
          variant="secondary"
          size="sm"
          title="Prints the summary and the cards you expanded, masked as on screen"
        >
          Print / PDF
        </Button>
      </div>
      {askingReason && (
        <ReasonForm
          id="export-reason"
          question="Why do you need the unmasked report?"
          submitLabel="Download unmasked JSON"
          busy={busy}
          minLength={REASON_MIN}
          maxLength={EXPORT_REASON_MAX}
          onSubmit={submitUnmasked}
        />
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
  saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), name)
}
