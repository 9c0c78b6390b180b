import Link from 'next/link'

import { Card } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { DateRangeFields, FilterActions } from '@/components/ui/filter-field'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { CASE_STATES, stateLabels } from '@/lib/cases/rules'
import type { QueueData } from '@/lib/cases/types'
import {
  AGE_FILTERS,
  CASE_PAGE_SIZE,
  queueHref,
  viewLabels,
  type CaseListParams,
} from '@/lib/cases/views'
import { casePath } from '@/lib/routes'

import { AwayButton } from './away-button'
import { AgeText, DueText, riskText, StateBadge } from './case-badges'
import { CaseBulkTable } from './case-bulk-table'
import { CaseViewNav } from './case-view-nav'
import { TakeNextButton } from './take-next-button'

const availabilityWords = {
  available: 'Available',
  away: 'Away',
  not_seen: 'Not seen lately',
} as const

/**
 * The queue's case views (`/queue?view=...`): the views with their counts, filters and sort as a
 * plain GET form (works without JavaScript), one page of cases, and for leads everyone's load.
 */
export function CaseViews({
  data,
  params,
  now,
}: {
  data: QueueData
  params: CaseListParams
  now: Date
}) {
  const owners = data.analysts.length > 0 ? data.analysts : []
  const pages = Math.max(1, Math.ceil(data.total / CASE_PAGE_SIZE))
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-lg font-semibold">Queue</h1>
        <div className="flex flex-wrap items-center gap-2">
          <AwayButton view={params.view} away={data.away} />
          <TakeNextButton view={params.view} noneLeft={params.taken === 'none'} />
        </div>
      </div>
      <CaseViewNav counts={data.counts} current={params.view} />
      <form
        method="get"
        action="/queue"
        aria-label="Filters"
        className="flex flex-wrap items-end gap-2 text-xs"
      >
        <input type="hidden" name="view" value={params.view} />
        {data.viewer.lead && (
          <label className="flex flex-col font-medium">
            Owner
            <Select name="owner" defaultValue={params.owner ?? ''} sunken>
              <option value="">Anyone</option>
              <option value="none">Nobody</option>
              {owners.map((analyst) => (
                <option key={analyst.id} value={analyst.id}>
                  {analyst.label}
                </option>
              ))}
            </Select>
          </label>
        )}
        <label className="flex flex-col font-medium">
          Risk
          <Select name="risk" defaultValue={params.risk ?? ''} sunken>
            <option value="">Any</option>
            <option value="High">High</option>
            <option value="Medium">Medium</option>
            <option value="failed_verification">Failed verification</option>
          </Select>
        </label>
        <label className="flex flex-col font-medium">
          State
          <Select name="state" defaultValue={params.state ?? ''} sunken>
            <option value="">Any</option>
            {CASE_STATES.map((state) => (
              <option key={state} value={state}>
                {stateLabels[state]}
              </option>
            ))}
          </Select>
        </label>
        <label className="flex flex-col font-medium">
          Older than
          <Select name="age" defaultValue={params.age ?? ''} sunken>
            <option value="">Any age</option>
            {AGE_FILTERS.map((days) => (
              <option key={days} value={days}>
                {days === '1' ? '1 day' : `${days} days`}
              </option>
            ))}
          </Select>
        </label>
        <label className="flex flex-col font-medium">
          Sort by
          <Select name="sort" defaultValue={params.sort} sunken>
            <option value="due">Due date</option>
            <option value="age">Age (oldest record first)</option>
          </Select>
        </label>
        <label className="flex flex-col font-medium">
          Live or sandbox
          <Select name="env" defaultValue={params.env ?? ''} sunken>
            <option value="">Both</option>
            <option value="live">Live only</option>
            <option value="sandbox">Sandbox only</option>
          </Select>
        </label>
        <DateRangeFields idPrefix="cases" from={params.from} to={params.to} />
        <label className="flex flex-col font-medium">
          Webhook id
          <Input
            name="webhook_id"
            type="search"
            defaultValue={params.webhook_id ?? ''}
            spellCheck={false}
            className="font-mono"
            sunken
          />
        </label>
        {params.error && <input type="hidden" name="error" value={params.error} />}
        <FilterActions clearHref={queueHref({ view: params.view })} />
      </form>
      {data.cases.length === 0 ? (
        <EmptyState title={`No cases in ${viewLabels[params.view].toLowerCase()}`}>
          {params.view === 'mine' ? 'Claim a case or press Take next.' : null}
        </EmptyState>
      ) : (
        <CaseBulkTable
          headers={['Case', 'Kind', 'Matches', 'State', 'Owner', 'Due', 'Age']}
          lead={data.viewer.lead}
          analysts={data.analysts}
          rows={data.cases.map((kase) => ({
            id: kase.id,
            cells: [
              <span key="case" className="flex flex-col">
                <Link href={casePath(kase.id)} className="underline">
                  Case {kase.id}
                </Link>
                <span className="break-words text-muted">{kase.name ?? 'Name unknown'}</span>
              </span>,
              riskText(kase),
              kase.matches === null ? (
                <span key="matches" className="text-faint">
                  —
                </span>
              ) : (
                `${kase.reviewed ?? 0} of ${kase.matches} reviewed`
              ),
              <StateBadge key="state" state={kase.state} />,
              kase.ownerLabel ?? (
                <span key="owner" className="text-faint">
                  Unassigned
                </span>
              ),
              <DueText key="due" kase={kase} now={now} />,
              <AgeText key="age" kase={kase} now={now} />,
            ],
          }))}
        />
      )}
      {pages > 1 && (
        <p className="flex gap-3 text-sm">
          {params.page > 1 && (
            <Link href={queueHref({ ...params, page: params.page - 1 })}>Previous</Link>
          )}
          <span>
            Page {params.page} of {pages}
          </span>
          {params.page < pages && (
            <Link href={queueHref({ ...params, page: params.page + 1 })}>Next</Link>
          )}
        </p>
      )}
      {data.loads && (
        <Card id="loads" title="Everyone's load">
          {data.loads.length === 0 ? (
            <p>Nobody owns an active case or has been seen lately.</p>
          ) : (
            <table className="text-sm">
              <thead className="text-xs text-faint">
                <tr>
                  <th className="pr-4 text-left font-medium">Analyst</th>
                  <th className="pr-4 text-left font-medium">Availability</th>
                  <th className="pr-4 text-right font-medium">Active</th>
                  <th className="text-right font-medium">Overdue</th>
                </tr>
              </thead>
              <tbody>
                {data.loads.map((load) => (
                  <tr key={load.ownerId}>
                    <td className="pr-4">
                      <Link
                        href={queueHref({ view: 'all', owner: load.ownerId })}
                        className="underline"
                      >
                        {load.ownerLabel}
                      </Link>
                    </td>
                    <td className="pr-4">{availabilityWords[load.availability]}</td>
                    <td className="pr-4 text-right tabular-nums">{load.active}</td>
                    <td className="text-right tabular-nums">{load.overdue}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Card>
      )}
    </div>
  )
}
