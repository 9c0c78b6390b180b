import { recordHref, recordTypeLabel } from '@/components/activity/activity-labels'
import { Card } from '@/components/ui/card'
import { IntentLink } from '@/components/ui/intent-link'
import { Timestamp } from '@/components/ui/timestamp'
import type { OpenedRecord } from '@/lib/audit/activity-types'

/** The records this analyst opened lately, from the audit trail (so on any browser). */
export function RecentlyOpened({ records }: { records: OpenedRecord[] | null }) {
  const found = records
  return (
    <Card id="recent-records" title="You opened lately">
      {found === null ? (
        <p role="alert" className="text-red-800 dark:text-red-300">
          The store did not answer.
        </p>
      ) : found.length === 0 ? (
        <p className="text-muted">Nothing yet.</p>
      ) : (
        <ul className="-my-1 space-y-1">
          {found.map((record) => {
            const href = recordHref(record.type, record.id)
            return (
              <li key={`${record.type}:${record.id}`} className="flex items-baseline gap-2">
                <span className="w-20 shrink-0 text-xs text-faint">
                  {recordTypeLabel(record.type)}
                </span>
                {href ? (
                  <IntentLink
                    href={href}
                    className="min-w-0 flex-1 truncate font-mono text-xs text-link hover:underline"
                  >
                    {record.id}
                  </IntentLink>
                ) : (
                  <span className="min-w-0 flex-1 truncate font-mono text-xs">{record.id}</span>
                )}
                <span className="text-xs text-faint">
                  <Timestamp value={record.at} />
                </span>
              </li>
            )
          })}
        </ul>
      )}
    </Card>
  )
}
