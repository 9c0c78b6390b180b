import { EpochDate } from '@/components/aml/epoch-date'
import { HighlightedName } from '@/components/aml/highlighted-name'
import { MatchBar } from '@/components/aml/match-bar'
import { MatchDetailBody } from '@/components/aml/match-details-query'
import { RiskBadge } from '@/components/aml/risk-badge'
import { MatchDecision } from '@/components/review/match-decision'
import { MatchWhy } from '@/components/review/match-why'
import { useReportReview } from '@/components/review/review-context'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { formatScore } from '@/lib/aml/format'
import { bestMatchName } from '@/lib/aml/match'
import { isDerivedRisk, matchRiskLevel } from '@/lib/aml/risk'
import type { Projected } from '@/lib/projection/projected'
import type { AmlMatch } from '@/lib/upstream/schemas'

/** One match: what decides "real or not" at a glance, and everything else on demand. */
export function MatchCard({
  match,
  requestedName,
  expanded,
  onToggle,
  reportMatchIds,
  onRevealMatch,
  anchor = true,
}: {
  match: Projected<AmlMatch>
  requestedName: string | null | undefined
  expanded: boolean
  onToggle: () => void
  reportMatchIds: ReadonlySet<string>
  onRevealMatch: (uuid: string) => void
  /** False for the print copy, so that ids stay unique on the page. */
  anchor?: boolean
}) {
  const detailId = `match-${match.uuid}-detail${anchor ? '' : '-print'}`
  const comparison = useReportReview()?.comparisons[match.uuid]
  return (
    <article
      id={anchor ? `match-${match.uuid}` : undefined}
      aria-label={bestMatchName(match) ?? 'Unnamed match'}
      className="rounded-md border border-line bg-surface print:break-inside-avoid-page print:border-zinc-400"
    >
      <div className="space-y-1.5 px-3 py-2.5 sm:px-4">
        <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
          <h3 className="min-w-0 flex-1 text-sm font-semibold">
            <Button
              onClick={onToggle}
              aria-expanded={expanded}
              aria-controls={detailId}
              className="group flex w-full items-start gap-1.5 text-left"
            >
              <span
                aria-hidden="true"
                className="no-print mt-px w-3 shrink-0 text-faint group-hover:text-zinc-900 dark:group-hover:text-zinc-100"
              >
                {expanded ? '▾' : '▸'}
              </span>
              <span className="min-w-0 group-hover:underline">
                <HighlightedName name={bestMatchName(match)} requested={requestedName} />
              </span>
            </Button>
          </h3>
          <div className="flex flex-wrap items-center gap-1.5">
            {match.type && <Badge tone="violet">{match.type}</Badge>}
            <RiskBadge
              level={matchRiskLevel(match)}
              value={match.risk_score_value}
              derived={isDerivedRisk(match)}
            />
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 pl-4.5 text-xs text-muted">
          <MatchBar percentage={match.search_metadata?.name_match_percentage} />
          {typeof match.importance_score === 'number' && (
            <span>
              Importance{' '}
              <span className="font-medium text-zinc-900 tabular-nums dark:text-zinc-100">
                {formatScore(match.importance_score)}
              </span>
            </span>
          )}
          {typeof match.updated_at === 'number' && (
            <span>
              Updated <EpochDate value={match.updated_at} />
            </span>
          )}
          {(match.tags ?? []).length > 0 && (
            <ul aria-label="Tags" className="flex flex-wrap gap-1">
              {(match.tags ?? []).map((tag, index) => (
                <li key={`${tag}-${index}`}>
                  <Badge tone={tag === 'Sanction' ? 'red' : tag === 'PEP' ? 'orange' : 'neutral'}>
                    {tag}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </div>
        {comparison && (
          <div className="pl-4.5">
            <MatchWhy comparison={comparison} />
          </div>
        )}
        {match.annotation && <p className="pl-4.5 text-xs text-muted">{match.annotation}</p>}
        {anchor && <MatchDecision matchUuid={match.uuid} />}
      </div>
      {expanded && (
        <div id={detailId} className="border-t border-line px-3 py-3 sm:px-4">
          <MatchDetailBody
            match={match}
            reportMatchIds={reportMatchIds}
            onRevealMatch={onRevealMatch}
          />
        </div>
      )}
    </article>
  )
}
