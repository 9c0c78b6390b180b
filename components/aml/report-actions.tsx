'use client'

import type { AmlSearchResult } from '@/lib/upstream/schemas'

const buttonClass =
  'rounded border border-zinc-300 bg-white px-2.5 py-1 text-xs font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800'

/** The report as the upstream sent it, as a file, and the print view (summary and expanded cards). */
export function ReportActions({ result, onPrint }: { result: AmlSearchResult; onPrint: () => void }) {
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
    <div className="no-print flex gap-2">
      <button type="button" onClick={download} className={buttonClass}>
        Download JSON
      </button>
      <button type="button" onClick={onPrint} className={buttonClass} title="Prints the summary and the cards you expanded">
        Print / PDF
      </button>
    </div>
  )
}
