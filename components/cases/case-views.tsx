import 'server-only'

import Link from 'next/link'

import { MirrorReach } from '@/components/history-mirror/mirror-reach'
import { Card } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import {
  DateRangeFields,
  EnvironmentFilter,
  FilterActions,
  FilterOptions,
  WebhookIdFilter,
} from '@/components/ui/filter-field'
import { CASE_STATES, stateLabels } from '@/lib/cases/rules'
import type { QueueData } from '@/lib/cases/types'
import {
  AGE_FILTERS,
  CASE_PAGE_SIZE,
  DEFAULT_VIEW,
  queueHref,
  viewLabels,
  type CaseListParams,
} from '@/lib/cases/views'
import type { MirrorStatus } from '@/lib/history-mirror/status'
import { casePath } from '@/lib/routes'
import { errorCategoryByKey } from '@/lib/verifications/error-codes'

import { AwayButton } from './away-button'
import { AgeText, DueText, MatchesText, RiskBadge, StateBadge } from './case-badges'
import { CaseBulkTable } from './case-bulk-table'
import { CaseViewNav } from './case-view-nav'
import { TakeNextButton } from './take-next-button'

const availabilityWords = {
  available: 'Available',
  away: 'Away',
  not_seen: 'Not seen lately',
} as const

const pager = 'rounded border border-control px-2 py-0.5 hover:bg-subtle'

const FILTERS = [
  'owner',
  'risk',
  'kind',
  'state',
  'age',
  'webhook_id',
  'from',
  'to',
  'error',
  'env',
] as const

/** Whether anything narrows the view: then its tab's count is more than the list. */
function filtered(params: CaseListParams) {
  return FILTERS.some((name) => params[name] !== undefined)
}

/** Shown on a phone only, where the table's headers are not: what a bare cell means. */
const stackedLabel = 'text-faint sm:hidden'

/**
 * The work queue (`/queue`, `/queue?view=…`): Take next, the views with their counts, the filters
 * and sort as a plain GET form (works without JavaScript), one page of cases with their record's
 * facts, and for leads everyone's load. It opens on the open cases.
 */
export function CaseViews({
  data,
  params,
  mirror,
  now,
}: {
  data: QueueData
  params: CaseListParams
  mirror: MirrorStatus | null
  now: Date
}) {
  const pages = Math.max(1, Math.ceil(data.total / CASE_PAGE_SIZE))
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-lg font-semibold">Work queue</h1>
        <div className="flex flex-wrap items-center gap-2">
          <AwayButton view={params.view} away={data.away} />
          <TakeNextButton view={params.view} noneLeft={params.taken === 'none'} />
        </div>
      </div>
      <CaseViewNav counts={data.counts} current={params.view} />
      <MirrorReach mirror={mirror} />
      <CaseFilters params={params} data={data} />
      <p data-testid="queue-total" className="text-xs text-muted">
        {data.total.toLocaleString('en')} {data.total === 1 ? 'case' : 'cases'}
        {filtered(params) ? ' matching these filters' : ''},{' '}
        {params.sort === 'age' ? 'oldest record first' : 'soonest due first'}
        {params.view === 'all' ? ', closed ones last' : ''}.
      </p>
      {data.cases.length === 0 ? (
        <EmptyState title={`No cases in ${viewLabels[params.view].toLowerCase()}`}>
          {params.view === 'mine' ? 'Claim a case or press Take next.' : null}
        </EmptyState>
      ) : (
        <CaseBulkTable
          headers={['Name', 'Risk', 'Matches', 'Age', 'Owner', 'State', 'Due']}
          lead={data.viewer.lead}
          analysts={data.analysts}
          rows={data.cases.map((kase) => ({
            id: kase.id,
            cells: [
              <span key="case" className="flex flex-wrap items-baseline gap-x-1.5">
                <Link href={casePath(kase.id)} className="font-medium break-words text-link">
                  {kase.name ?? 'Name unknown'}
                </Link>
                <span className="text-xs text-faint tabular-nums">Case {kase.id}</span>
              </span>,
              <RiskBadge key="risk" kase={kase} />,
              <MatchesText key="matches" kase={kase} />,
              <span key="age" className="whitespace-nowrap">
                <span className={stackedLabel}>age </span>
                <AgeText kase={kase} now={now} />
              </span>,
              kase.ownerLabel ? (
                <span key="owner" className="break-all">
                  <span className={stackedLabel}>owner </span>
                  {kase.ownerLabel}
                </span>
              ) : (
                <span key="owner" className="text-faint">
                  Unassigned
                </span>
              ),
              <StateBadge key="state" state={kase.state} />,
              <span key="due" className="whitespace-nowrap">
                <DueText kase={kase} now={now} />
              </span>,
            ],
          }))}
        />
      )}
      {pages > 1 && (
        <nav aria-label="Pages" className="flex items-center gap-3 text-sm">
          {params.page > 1 && (
            <Link
              href={queueHref({ ...params, taken: undefined, page: params.page - 1 })}
              className={pager}
            >
              ← Previous
            </Link>
          )}
          <span className="text-muted">
            Page {params.page} of {pages}
          </span>
          {params.page < pages && (
            <Link
              href={queueHref({ ...params, taken: undefined, page: params.page + 1 })}
              className={pager}
            >
              Next →
            </Link>
          )}
        </nav>
      )}
      {data.loads && (
        <Card id="loads" title="Everyone's load">
          {data.loads.length === 0 ? (
            <p>Nobody owns an active case or has been seen lately.</p>
          ) : (
            <table className="w-full text-sm sm:w-auto">
              <thead className="text-xs text-faint">
                <tr>
                  <th className="pr-2 text-left font-medium sm:pr-4">Analyst</th>
                  <th className="pr-2 text-left font-medium sm:pr-4">Availability</th>
                  <th className="pr-2 text-right font-medium sm:pr-4">Active</th>
                  <th className="text-right font-medium">Overdue</th>
                </tr>
              </thead>
              <tbody>
                {data.loads.map((load) => (
                  <tr key={load.ownerId}>
                    <td className="pr-2 break-all sm:pr-4">
                      <Link
                        href={queueHref({ view: 'all', owner: load.ownerId })}
                        className="underline"
                      >
                        {load.ownerLabel}
                      </Link>
                    </td>
                    <td className="pr-2 sm:pr-4">{availabilityWords[load.availability]}</td>
                    <td className="pr-2 text-right tabular-nums sm:pr-4">{load.active}</td>
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

/**
 * The queue's filters, a plain GET form: the view stays, owner (leads), risk, kind, state, age and
 * sort in one row, and the record's filters (live or sandbox, days, webhook) folded away until one
 * is set, so a phone shows cases without scrolling past them. An analytics link's error category
 * has no field; it is carried along and said.
 */
function CaseFilters({ params, data }: { params: CaseListParams; data: QueueData }) {
  const category = params.error ? errorCategoryByKey(params.error) : null
  return (
    <form
      method="get"
      action="/queue"
      aria-label="Filter the queue"
      className="grid grid-cols-2 gap-3 rounded-md border border-line bg-surface p-3 sm:grid-cols-4 lg:grid-cols-6"
    >
      {params.view !== DEFAULT_VIEW && <input type="hidden" name="view" value={params.view} />}
      {data.viewer.lead && (
        <FilterOptions
          id="cases-owner"
          name="owner"
          label="Owner"
          value={params.owner}
          none="Anyone"
          options={[
            ['none', 'Nobody'],
            ...data.analysts.map((analyst) => [analyst.id, analyst.label] as const),
          ]}
        />
      )}
      <FilterOptions
        id="cases-risk"
        name="risk"
        label="Risk"
        value={params.risk}
        options={[
          ['High', 'High'],
          ['Medium', 'Medium'],
        ]}
      />
      <FilterOptions
        id="cases-kind"
        name="kind"
        label="Kind"
        value={params.kind}
        options={[
          ['screening', 'Screenings'],
          ['failed_verification', 'Failed verifications'],
        ]}
      />
      <FilterOptions
        id="cases-state"
        name="state"
        label="State"
        value={params.state}
        options={CASE_STATES.map((state) => [state, stateLabels[state]] as const)}
      />
      <FilterOptions
        id="cases-age"
        name="age"
        label="Older than"
        value={params.age}
        none="Any age"
        options={AGE_FILTERS.map(
          (days) => [days, days === '1' ? '1 day' : `${days} days`] as const,
        )}
      />
      <FilterOptions
        id="cases-sort"
        name="sort"
        label="Sort by"
        value={params.sort === 'age' ? 'age' : null}
        none="Due date"
        options={[['age', 'Age (oldest record first)']]}
      />
      <details
        open={
          params.env !== undefined ||
          params.from !== undefined ||
          params.to !== undefined ||
          params.webhook_id !== undefined
        }
        className="col-span-2 sm:col-span-4 lg:col-span-6"
      >
        <summary className="cursor-pointer text-xs font-medium text-muted">
          On the record: live or sandbox, its days, its webhook
        </summary>
        <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
          <EnvironmentFilter id="cases-env" value={params.env} />
          <DateRangeFields idPrefix="cases" from={params.from} to={params.to} />
          <WebhookIdFilter id="cases-webhook" value={params.webhook_id} />
        </div>
      </details>
      {category && (
        <p className="col-span-2 text-xs text-muted sm:col-span-4 lg:col-span-6">
          Also limited to failed verifications with errors: {category.label}.
          <input type="hidden" name="error" value={params.error ?? ''} />
        </p>
      )}
      <FilterActions
        clearHref={queueHref({ view: params.view })}
        apply="Apply filters"
        className="col-span-2 sm:col-span-4 lg:col-span-6"
      />
    </form>
  )
}
