'use client'

import { optionClass } from '@/components/search/option-class'
import { Button } from '@/components/ui/button'
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
        <h2 id="recent-title" className="text-xs font-medium text-muted">
          Recently opened
        </h2>
        {!needle && (
          <Button onClick={clearRecent} variant="ghost" className="px-1 text-xs">
            Clear
          </Button>
        )}
      </div>
      <ul>
        {shown.map((record) => (
          <li key={`${record.kind}:${record.id}`}>
            <IntentLink href={recentPath(record)} data-search-option className={optionClass}>
              <span className="w-20 shrink-0 text-xs text-muted">{kindLabel[record.kind]}</span>
              <code className="min-w-0 truncate font-mono text-xs">{record.id}</code>
            </IntentLink>
          </li>
        ))}
      </ul>
    </section>
  )
}
