import { ExternalLink } from '@/components/aml/detail-section'
import { EpochDate } from '@/components/aml/epoch-date'
import { Badge } from '@/components/ui/badge'
import { formatScore, sentimentLabel } from '@/lib/aml/format'
import { newestFirst } from '@/lib/aml/match'
import { riskTone } from '@/lib/aml/risk'
import type { AmlMedia } from '@/lib/upstream/schemas'
import { countryLabel } from '@/lib/util/countries'

const sentimentTone = { negative: 'red', neutral: 'neutral', positive: 'green' } as const

/** Press coverage, newest first. */
export function MediaList({ media }: { media: readonly AmlMedia[] }) {
  return (
    <ul className="divide-y divide-hairline">
      {newestFirst(media).map((item, index) => (
        <li key={index} className="space-y-0.5 py-1.5 first:pt-0 last:pb-0">
          <p className="font-medium">
            {item.source_url ? (
              <ExternalLink href={item.source_url}>{item.headline || item.source_url}</ExternalLink>
            ) : (
              item.headline || 'No headline'
            )}
          </p>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
            {item.source_name && <span>{item.source_name}</span>}
            {typeof item.published_at === 'number' && <EpochDate value={item.published_at} />}
            {typeof item.sentiment === 'number' && (
              <Badge tone={sentimentTone[sentimentLabel(item.sentiment)]}>
                {sentimentLabel(item.sentiment)}{' '}
                <span className="font-normal tabular-nums">{formatScore(item.sentiment)}</span>
              </Badge>
            )}
            {typeof item.importance_score === 'number' && (
              <span>Importance {formatScore(item.importance_score)}</span>
            )}
            {item.risk_score && (
              <Badge tone={riskTone(item.risk_score)}>{item.risk_score} risk</Badge>
            )}
            {(item.tags ?? []).map((tag, tagIndex) => (
              <Badge key={`${String(tag)}-${tagIndex}`}>{String(tag)}</Badge>
            ))}
            {(item.country_codes ?? []).length > 0 && (
              <span>{(item.country_codes ?? []).map(countryLabel).join(', ')}</span>
            )}
          </div>
          {item.summary && <p className="text-xs">{item.summary}</p>}
        </li>
      ))}
    </ul>
  )
}
