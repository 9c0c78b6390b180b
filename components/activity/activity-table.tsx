import { Badge } from '@/components/ui/badge'
import { IntentLink } from '@/components/ui/intent-link'
import { NoValue } from '@/components/ui/no-value'
import { Timestamp } from '@/components/ui/timestamp'
import type { ActivityRow } from '@/lib/audit/activity-types'

import { actionLabel, recordHref, recordTypeLabel } from './activity-labels'

const cell = 'px-2 py-1 align-top'
const head = 'px-2 py-1 text-left text-xs font-medium text-faint'

/** Rows of the audit trail, newest first; `withRecord` adds the record column (the full list). */
export function ActivityTable({
  caption,
  rows,
  withRecord,
}: {
  caption: string
  rows: readonly ActivityRow[]
  withRecord: boolean
}) {
  return (
    // Focusable, so keyboard users can scroll it sideways on a narrow screen.
    <div tabIndex={0} className="overflow-x-auto">
      <table className="w-full min-w-[32rem] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line">
          <tr>
            {/* A set width: the time switches from UTC to the analyst's zone after hydration, and a
                column sized by its text would move every other column then (layout shift). */}
            <th scope="col" className={`${head} w-44`}>
              When (UTC)
            </th>
            <th scope="col" className={head}>
              Analyst
            </th>
            <th scope="col" className={head}>
              Action
            </th>
            {withRecord && (
              <th scope="col" className={head}>
                Record
              </th>
            )}
            <th scope="col" className={head}>
              Outcome
            </th>
            <th scope="col" className={`${head} text-right`}>
              Row
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-hairline">
          {rows.map((row) => (
            <tr key={row.id}>
              <td className={cell}>
                <Timestamp value={row.time} mode="absolute" />
              </td>
              <td className={`${cell} break-all`}>{row.user}</td>
              <td className={`${cell} [overflow-wrap:anywhere]`}>
                {actionLabel(row.action, row.field)}
              </td>
              {withRecord && (
                <td className={cell}>
                  <RecordCell type={row.resource.type} id={row.resource.id} />
                </td>
              )}
              <td className={cell}>
                {row.outcome === 'ok' ? (
                  <span className="text-muted">ok</span>
                ) : (
                  <Badge tone="amber">{row.outcome.replaceAll('_', ' ')}</Badge>
                )}
              </td>
              <td className={`${cell} text-right font-mono text-xs text-faint`}>
                {/* A row is sealed into the chain, and gets its number, within AUDIT_SEAL_MS. */}
                {row.seq ?? <span title="Recorded; being sealed into the chain">…</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function RecordCell({ type, id }: { type: string; id: string | null }) {
  const href = recordHref(type, id)
  const label = recordTypeLabel(type)
  return (
    <span className="flex flex-col">
      <span className="text-xs text-faint">{label}</span>
      {id === null ? (
        <NoValue />
      ) : href ? (
        <IntentLink href={href} className="font-mono text-xs break-all text-link hover:underline">
          {id}
        </IntentLink>
      ) : (
        <span className="font-mono text-xs break-all">{id}</span>
      )}
    </span>
  )
}
