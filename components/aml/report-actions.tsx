'use client'

import { useState } from 'react'

import { recordAudit } from '@/lib/audit/client'
import type { AmlSearchResult } from '@/lib/upstream/schemas'

const buttonClass =
  'rounded border border-zinc-300 bg-white px-2.5 py-1 text-xs font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800'

/** The report as the upstream sent it, as a file, and the print view (summary and expanded cards). */
export function ReportActions({
  result,
  onPrint,
}: {
  result: AmlSearchResult
  onPrint: () => void
}) {
  const [refused, setRefused] = useState(false)
  const resource = { type: 'aml_search', id: result.search_uuid } as const

  // Every export is audited first; one that cannot be recorded does not happen.
  async function exportAs(field: 'json' | 'print', run: () => void) {
    const recorded = await recordAudit({ action: 'export', resource, field })
    setRefused(!recorded)
    if (recorded) run()
  }

  function download() {
    const blob = new Blob([JSON.stringify(result, null, 2)], { type: 'application/json' })
    const url = URL.createObjectURL(blob)
    const link = document.createElement('a')
    link.href = url
    link.download = `aml-report-${result.search_uuid}.json`
    link.click()
    // Revoked after the click has started the download, not before.
    setTimeout(() => URL.revokeObjectURL(url), 0)
  }
  return (
    <div className="no-print flex flex-wrap items-center gap-2">
      <button type="button" onClick={() => void exportAs('json', download)} className={buttonClass}>
        Download JSON
      </button>
      <button
        type="button"
        onClick={() => void exportAs('print', onPrint)}
        className={buttonClass}
        title="Prints the summary and the cards you expanded"
      >
        Print / PDF
      </button>
      {refused && (
        <span role="alert" className="text-xs text-red-700 dark:text-red-300">
          The export could not be recorded in the audit trail, so it did not start. Try again.
        </span>
      )}
    </div>
  )
}
