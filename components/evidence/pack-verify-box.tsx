'use client'

import { useState, type ChangeEvent } from 'react'

import type { PackCheck } from '@/lib/evidence/contract'

type Answer = { check: PackCheck; words: string }

const tone: Record<PackCheck['verdict'], string> = {
  recorded: 'border-green-700 text-green-900 dark:border-green-500 dark:text-green-200',
  changed: 'border-red-700 text-red-900 dark:border-red-500 dark:text-red-200',
  other_deployment: 'border-amber-700 text-amber-900 dark:border-amber-500 dark:text-amber-200',
  unknown: 'border-zinc-400 text-zinc-800 dark:border-zinc-600 dark:text-zinc-200',
}

const headline: Record<PackCheck['verdict'], string> = {
  recorded: 'Recorded here, unchanged',
  changed: 'Changed, or not recorded here',
  other_deployment: 'From another deployment',
  unknown: 'Unknown file',
}

/**
 * Checks an evidence pack (PDF or JSON) against this Verity's audit trail: the file goes to the
 * server as it is, which hashes it and looks for the row that recorded it.
 */
export function PackVerifyBox() {
  const [busy, setBusy] = useState(false)
  const [answer, setAnswer] = useState<Answer | null>(null)
  const [error, setError] = useState<string | null>(null)

  async function check(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    if (!file) return
    setBusy(true)
    setAnswer(null)
    setError(null)
    try {
      const response = await fetch('/api/evidence/verify', {
        method: 'POST',
        headers: { 'Content-Type': 'application/octet-stream' },
        body: file,
      })
      const body = (await response.json()) as Answer | { detail?: string }
      if (!response.ok || !('check' in body)) {
        setError(('detail' in body && body.detail) || 'The file could not be checked. Try again.')
      } else {
        setAnswer(body)
      }
    } catch {
      setError('The file could not be checked. Check your connection and try again.')
    } finally {
      setBusy(false)
      event.target.value = ''
    }
  }

  return (
    <section
      aria-labelledby="pack-verify-title"
      className="space-y-2 rounded-md border border-line bg-surface p-3 text-sm"
    >
      <h2 id="pack-verify-title" className="font-semibold">
        Check an evidence pack
      </h2>
      <label className="flex flex-wrap items-center gap-2 text-muted">
        A pack’s PDF or JSON file:
        <input
          type="file"
          accept=".pdf,.json,application/pdf,application/json"
          disabled={busy}
          onChange={(event) => void check(event)}
          className="text-xs"
        />
      </label>
      {busy && <p className="text-xs text-faint">Checking…</p>}
      {answer && (
        <div role="status" className={`rounded border-l-4 px-3 py-2 ${tone[answer.check.verdict]}`}>
          <p className="font-medium">{headline[answer.check.verdict]}</p>
          <p>{answer.words}</p>
        </div>
      )}
      {error && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </section>
  )
}
