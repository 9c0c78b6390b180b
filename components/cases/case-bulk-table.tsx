'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useState, type ReactNode } from 'react'

import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import type { BulkRequest, BulkResult } from '@/lib/cases/requests'
import type { Analyst } from '@/lib/cases/types'
import { apiPost, isApiError } from '@/lib/queries/api-fetch'
import { casePath } from '@/lib/routes'

export type BulkRow = { id: number; cells: ReactNode[] }

/**
 * The queue's table with a checkbox per case and one action for the selected: assign (leads),
 * release, or close as false positive with one reason. The server checks each case on its own and
 * the answer lists which were done and why the others were not. Cells are rendered on the server.
 */
export function CaseBulkTable({
  headers,
  rows,
  analysts,
  lead,
}: {
  headers: string[]
  rows: BulkRow[]
  analysts: Analyst[]
  lead: boolean
}) {
  const router = useRouter()
  const [selected, setSelected] = useState<Set<number>>(new Set())
  const [action, setAction] = useState<BulkRequest['action']>('release')
  const [results, setResults] = useState<BulkResult[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  function toggle(id: number) {
    setSelected((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  }

  async function submit(form: FormData) {
    setPending(true)
    setError(null)
    try {
      const answer = await apiPost<{ results: BulkResult[] }>('/api/cases/bulk', {
        ids: [...selected],
        action,
        analystId: action === 'assign' ? text(form.get('analyst')) : undefined,
        reason: action === 'close_false_positive' ? text(form.get('reason')) : undefined,
      })
      setResults(answer.results)
      setSelected(new Set())
      router.refresh()
    } catch (failure) {
      setError(isApiError(failure) ? failure.detail : 'Nothing was changed. Try again.')
    } finally {
      setPending(false)
    }
  }

  const all = rows.length > 0 && rows.every((row) => selected.has(row.id))
  const selectAll = () => setSelected(all ? new Set() : new Set(rows.map((row) => row.id)))
  return (
    <div className="flex flex-col gap-3">
      <form
        action={submit}
        aria-label="Bulk action"
        className="flex flex-wrap items-end gap-2 text-xs"
      >
        <label className="flex items-center gap-1 self-center sm:hidden">
          <input type="checkbox" checked={all} onChange={selectAll} />
          All on this page
        </label>
        <span className="self-center">{selected.size} selected</span>
        <label className="flex flex-col font-medium">
          Action
          <Select
            sunken
            value={action}
            onChange={(event) => setAction(event.target.value as BulkRequest['action'])}
          >
            <option value="release">Release</option>
            {lead && <option value="assign">Assign</option>}
            <option value="close_false_positive">Close as false positive</option>
          </Select>
        </label>
        {action === 'assign' && (
          <label className="flex flex-col font-medium">
            To
            <Select name="analyst" sunken>
              {analysts.map((analyst) => (
                <option key={analyst.id} value={analyst.id}>
                  {analyst.label}
                </option>
              ))}
            </Select>
          </label>
        )}
        {action === 'close_false_positive' && (
          <label className="flex flex-col font-medium">
            Reason
            <Input name="reason" required minLength={10} sunken />
          </label>
        )}
        <Button
          type="submit"
          disabled={pending || selected.size === 0}
          variant="secondary"
          className="px-2.5 py-1"
        >
          Apply
        </Button>
      </form>
      {error && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      {results && (
        <ul aria-label="Bulk results" className="text-xs">
          {results.map((result) => (
            <li key={result.id}>
              <Link href={casePath(result.id)} className="underline">
                Case {result.id}
              </Link>
              : {result.ok ? 'done' : `not done — ${result.detail}`}
            </li>
          ))}
        </ul>
      )}
      <div className="overflow-x-auto">
        {/* Below the sm breakpoint each case is a block that wraps, its name on a line of its own:
            seven columns do not fit a phone. */}
        <table aria-label="Cases" className="w-full text-left text-sm">
          <thead className="hidden text-xs text-faint sm:table-header-group">
            <tr>
              <th className="px-2 py-1">
                <input
                  type="checkbox"
                  aria-label="Select every case on this page"
                  checked={all}
                  onChange={selectAll}
                />
              </th>
              {headers.map((header) => (
                <th key={header} className="px-2 py-1 font-medium whitespace-nowrap">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-hairline">
            {rows.map((row) => (
              <tr
                key={row.id}
                className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 py-1.5 sm:table-row sm:py-0"
              >
                <td className="sm:px-2 sm:py-1 sm:align-baseline">
                  <input
                    type="checkbox"
                    aria-label={`Select case ${row.id}`}
                    checked={selected.has(row.id)}
                    onChange={() => toggle(row.id)}
                  />
                </td>
                {row.cells.map((cell, index) => (
                  <td
                    key={index}
                    className={`sm:px-2 sm:py-1 sm:align-baseline ${index === 0 ? 'min-w-0 flex-[1_1_80%]' : 'text-xs sm:text-sm'}`}
                  >
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}

function text(value: FormDataEntryValue | null) {
  return typeof value === 'string' ? value : ''
}
