'use client'

import { useRouter } from 'next/navigation'
import { useState, type FormEvent } from 'react'

import { isUuid, parseVerificationRef } from '@/lib/ids'

/** Opens a record from a pasted id or verification URL. */
export function GlobalSearch() {
  const router = useRouter()
  const [value, setValue] = useState('')
  const [message, setMessage] = useState<string | null>(null)

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    const input = value.trim()
    if (!input) return
    if (isUuid(input)) {
      setMessage(null)
      router.push(`/profiles/${input}`)
      return
    }
    const shortId = parseVerificationRef(input)
    if (shortId) {
      setMessage(null)
      router.push(`/verifications/${encodeURIComponent(shortId)}`)
      return
    }
    setMessage(`Not an id or verification URL: ${input.slice(0, 40)}`)
  }

  return (
    <form role="search" onSubmit={onSubmit} className="relative w-full">
      <label htmlFor="global-search" className="sr-only">
        Open a record by id or URL
      </label>
      <input
        id="global-search"
        type="search"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder="Paste a short id, URL or UUID"
        autoComplete="off"
        spellCheck={false}
        className="w-full rounded border border-zinc-300 bg-white px-2.5 py-1 text-sm placeholder:text-zinc-500 dark:border-zinc-700 dark:bg-zinc-950"
      />
      {message && (
        <p role="status" className="absolute right-0 top-full z-10 mt-1 rounded bg-zinc-900 px-2 py-1 text-xs text-white">
          {message}
        </p>
      )}
    </form>
  )
}
