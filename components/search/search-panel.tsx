'use client'

import type { ReactNode, Ref } from 'react'

import { optionClass } from '@/components/search/option-class'
import { RecentList } from '@/components/search/recent-list'
import { SearchHint } from '@/components/search/search-hint'
import { Button } from '@/components/ui/button'
import { IntentLink } from '@/components/ui/intent-link'
import { amlReportPath, profilePath, profilesPath, webhooksPath } from '@/lib/routes'
import { uuidKindLabel, type Probe } from '@/lib/search/resolve-uuid'

export type SearchOutcome =
  | { kind: 'looking'; id: string }
  | { kind: 'probed'; id: string; probes: readonly Probe[] }
  | { kind: 'profile-link'; linkId: string }

/** Below the search box: what the input was taken for, what was tried, and where to go next. */
export function SearchPanel({
  ref,
  open,
  input,
  outcome,
  note,
  onOpen,
  onRetry,
  onSubmit,
}: {
  ref: Ref<HTMLDivElement>
  open: boolean
  input: string
  outcome: SearchOutcome | null
  note: string | null
  onOpen: (path: string) => void
  onRetry: (id: string) => void
  onSubmit: () => void
}) {
  const message = outcome ? outcomeMessage(outcome) : note
  const showMessage = Boolean(message) && (open || (!outcome && Boolean(note)))
  return (
    <div
      ref={ref}
      className="absolute inset-x-2 top-full z-30 mt-1 sm:right-0 sm:left-auto sm:w-96"
    >
      <div
        className={
          showMessage || open
            ? 'max-h-[70vh] overflow-y-auto rounded-md border border-zinc-200 bg-surface p-1.5 text-sm shadow-lg dark:border-zinc-700'
            : 'hidden'
        }
      >
        <p
          id="global-search-status"
          role="status"
          className={showMessage ? 'px-2 py-1 text-zinc-800 dark:text-zinc-200' : 'sr-only'}
        >
          {message}
        </p>
        {open && outcome && <OutcomeActions outcome={outcome} onOpen={onOpen} onRetry={onRetry} />}
        {open && !outcome && <SearchHint input={input} onSubmit={onSubmit} />}
        {open && !outcome && <RecentList filter={input} />}
      </div>
    </div>
  )
}

function outcomeMessage(outcome: SearchOutcome): string {
  switch (outcome.kind) {
    case 'looking':
      return `Looking up ${outcome.id} as profile and AML report…`
    case 'profile-link':
      return `${outcome.linkId} is a profile link id. The read API has no way to look a profile up by its link id, so it cannot be opened directly: find the profile in the profile list.`
    case 'probed':
      return probedMessage(outcome.id, outcome.probes)
  }
}

function probedMessage(id: string, probes: readonly Probe[]): string {
  const labels = (outcome: Probe['outcome']) =>
    probes.filter((probe) => probe.outcome === outcome).map((probe) => uuidKindLabel[probe.kind])
  const found = labels('found')
  if (found.length > 1) return `${id} is both a profile and an AML report.`
  const failed = probes.flatMap((probe) =>
    probe.outcome === 'failed' ? [`${uuidKindLabel[probe.kind]} (${probe.reason})`] : [],
  )
  if (failed.length === 0) return `Nothing found for ${id}: tried ${labels('missing').join(', ')}.`
  const missing = labels('missing')
  return `Nothing found for ${id}${missing.length > 0 ? ` as ${missing.join(', ')}` : ''}; could not check ${failed.join(', ')}.`
}

function OutcomeActions({
  outcome,
  onOpen,
  onRetry,
}: {
  outcome: SearchOutcome
  onOpen: (path: string) => void
  onRetry: (id: string) => void
}) {
  if (outcome.kind === 'profile-link') {
    return (
      <ul>
        <Option>
          <IntentLink href={profilesPath} data-search-option className={optionClass}>
            Open the profile list
          </IntentLink>
        </Option>
      </ul>
    )
  }
  if (outcome.kind !== 'probed') return null
  const { id, probes } = outcome
  const found = probes.filter((probe) => probe.outcome === 'found')
  return (
    <ul>
      {found.map((probe) => (
        <Option key={probe.kind}>
          <Button
            data-search-option
            onClick={() => onOpen(probe.kind === 'profile' ? profilePath(id) : amlReportPath(id))}
            className={optionClass}
          >
            Open the {uuidKindLabel[probe.kind]}
          </Button>
        </Option>
      ))}
      {probes.some((probe) => probe.outcome === 'failed') && (
        <Option>
          <Button data-search-option onClick={() => onRetry(id)} className={optionClass}>
            Try again
          </Button>
        </Option>
      )}
      {found.length === 0 && (
        <Option>
          <Button
            data-search-option
            onClick={() => onOpen(webhooksPath(id))}
            className={optionClass}
          >
            Open as webhook configuration
          </Button>
        </Option>
      )}
    </ul>
  )
}

function Option({ children }: { children: ReactNode }) {
  return <li className="list-none">{children}</li>
}
