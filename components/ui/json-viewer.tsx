'use client'

import { useState } from 'react'

import { Button } from '@/components/ui/button'
import { CopyButton } from '@/components/ui/copy-button'
import { MaskedValue } from '@/components/ui/masked-value'
import { parseToken, withMasksShown } from '@/lib/projection/masked-token'

/** Formatted, collapsible JSON. Values render as text, never as HTML. */
export function JsonViewer({
  value,
  label = 'JSON',
  defaultDepth = 2,
}: {
  value: unknown
  label?: string
  defaultDepth?: number
}) {
  return (
    <div className="relative rounded border border-line bg-zinc-50 text-xs dark:bg-zinc-950">
      <div className="absolute top-1 right-1">
        <CopyButton value={JSON.stringify(withMasksShown(value), null, 2)} label={label} />
      </div>
      <div className="overflow-x-auto p-2 pr-14 font-mono leading-5">
        <JsonNode value={value} depth={0} openDepth={defaultDepth} title={label} />
      </div>
    </div>
  )
}

function JsonNode({
  name,
  title,
  value,
  depth,
  openDepth,
}: {
  name?: string
  /** What a screen reader calls a node that shows no name, only `{` or `[`. */
  title?: string
  value: unknown
  depth: number
  openDepth: number
}) {
  const [open, setOpen] = useState(depth < openDepth)
  const key = name !== undefined && (
    <span className="text-violet-700 dark:text-violet-300">{JSON.stringify(name)}: </span>
  )
  if (value === null || typeof value !== 'object') {
    return (
      <div style={{ paddingLeft: depth ? 12 : 0 }}>
        {key}
        <Leaf value={value} />
      </div>
    )
  }
  const entries = Array.isArray(value)
    ? (value as unknown[]).map((item, index) => [String(index), item] as const)
    : Object.entries(value as Record<string, unknown>)
  const [openMark, closeMark] = Array.isArray(value) ? ['[', ']'] : ['{', '}']
  if (entries.length === 0) {
    return (
      <div style={{ paddingLeft: depth ? 12 : 0 }}>
        {key}
        {openMark}
        {closeMark}
      </div>
    )
  }
  return (
    <div style={{ paddingLeft: depth ? 12 : 0 }}>
      <Button
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        aria-label={
          name === undefined
            ? `${title ?? 'item'}, ${Array.isArray(value) ? 'list' : 'object'} of ${entries.length} ${entries.length === 1 ? 'item' : 'items'}`
            : undefined
        }
        className="text-left hover:underline"
      >
        <span aria-hidden="true" className="inline-block w-3 text-faint">
          {open ? '▾' : '▸'}
        </span>
        {key}
        {openMark}
        {!open && (
          <span className="text-faint">
            {' '}
            {entries.length} {entries.length === 1 ? 'item' : 'items'} {closeMark}
          </span>
        )}
      </Button>
      {open && (
        <>
          {entries.map(([childName, child], index) => (
            <JsonNode
              key={childName}
              name={Array.isArray(value) ? undefined : childName}
              title={Array.isArray(value) ? `item ${index + 1}` : undefined}
              value={child}
              depth={depth + 1}
              openDepth={openDepth}
            />
          ))}
          <div>{closeMark}</div>
        </>
      )}
    </div>
  )
}

/** A value the server masked shows its mask and a Reveal button; a copy holds only the mask. */
function Leaf({ value }: { value: unknown }) {
  const token = parseToken(value)
  if (token) return <MaskedValue token={token} />
  return <Primitive value={value} />
}

function Primitive({ value }: { value: unknown }) {
  if (typeof value === 'string') {
    return (
      <span className="break-all text-emerald-800 dark:text-emerald-300">
        {JSON.stringify(value)}
      </span>
    )
  }
  if (typeof value === 'number')
    return <span className="text-blue-800 dark:text-blue-300">{value}</span>
  if (typeof value === 'boolean')
    return <span className="text-orange-800 dark:text-orange-300">{String(value)}</span>
  return <span className="text-faint">null</span>
}
