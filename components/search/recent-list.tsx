'use client'

import { optionClass } from '@/components/search/option-class'
import { IntentLink } from '@/components/ui/intent-link'
import {
  clearRecent,
  useRecentRecords,
  type RecentKind,
  type RecentRecord,
} from '@/lib/recent/recent-records'
import { amlReportPath, profilePath, verificationPath, webhooksPath } from '@/lib/routes'

const kindLabel: Record<RecentKind, string> = {
  verification: 'Verification',
  profile: 'Profile',
  aml: 'AML report',
  webhook: 'Webhook',
}

function recentPath({ kind, id }: RecentRecord) {
  if (kind === 'verification') return verificationPath(id)
  if (kind === 'profile') return profilePath(id)
  if (kind === 'aml') return amlReportPath(id)
  return webhooksPath(id)
}

/** Records opened lately in this browser, narrowed to those whose id contains the input. */
export function RecentList({ filter }: { filter: string }) {
  const records = useRecentRecords()
  const needle = filter.trim().toLowerCase()
  const shown = needle
    ? records.filter((record) => record.id.toLowerCase().includes(needle))
    : records
  if (shown.length === 0) return null
  return (
    <section aria-labelledby="recent-title" className="mt-1">
      <div className="flex items-center justify-between px-2 py-0.5">
        <h2 id="recent-title" className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
          Recently opened
        </h2>
        {!needle && (
          <button
            type="button"
            onClick={clearRecent}
            className="rounded px-1 text-xs text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
          >
            Clear
          </button>
        )}
      </div>
      <ul>
        {shown.map((record) => (
          <li key={`${record.kind}:${record.id}`}>
            <IntentLink href={recentPath(record)} data-search-option className={optionClass}>
              <span className="w-20 shrink-0 text-xs text-zinc-600 dark:text-zinc-400">
                {kindLabel[record.kind]}
              </span>
              <code className="min-w-0 truncate font-mono text-xs">{record.id}</code>
            </IntentLink>
          </li>
        ))}
      </ul>
    </section>
  )
}
