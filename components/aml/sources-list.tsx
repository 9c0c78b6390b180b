import { ExternalLink } from '@/components/aml/detail-section'
import { Badge } from '@/components/ui/badge'
import { riskTone } from '@/lib/aml/risk'
import type { AmlSource } from '@/lib/upstream/schemas'

/** The lists a match was found on, with why and a link to the list. */
export function SourcesList({ sources }: { sources: readonly AmlSource[] }) {
  return (
    <ul className="divide-y divide-hairline">
      {sources.map((source, index) => (
        <li key={index} className="py-1.5 first:pt-0 last:pb-0">
          <SourceLine source={source} />
        </li>
      ))}
    </ul>
  )
}

export function SourceLine({ source }: { source: AmlSource }) {
  const tags = (source.tags ?? []).map(String)
  return (
    <div className="space-y-0.5">
      <div className="flex flex-wrap items-center gap-1.5">
        <span className="font-medium">{source.name || source.source_id || 'Unnamed source'}</span>
        {source.name && source.source_id && (
          <code className="font-mono text-xs text-faint">{source.source_id}</code>
        )}
        {tags.map((tag, index) => (
          <Badge key={`${tag}-${index}`}>{tag}</Badge>
        ))}
        {source.risk_score && (
          <Badge tone={riskTone(source.risk_score)}>{source.risk_score} risk</Badge>
        )}
        {source.source_url && <ExternalLink href={source.source_url}>Open source</ExternalLink>}
      </div>
      {source.reason && <p>{source.reason}</p>}
      {source.summary && <p className="text-xs text-muted">{source.summary}</p>}
    </div>
  )
}
