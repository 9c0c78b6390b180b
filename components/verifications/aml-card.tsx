import 'server-only'

import type { ReactNode } from 'react'

import { Badge } from '@/components/ui/badge'
import { Card } from '@/components/ui/card'
import { CopyableId } from '@/components/ui/copyable-id'
import { InOrLaterPart } from '@/components/ui/in-or-later'
import { IntentLink } from '@/components/ui/intent-link'
import { Skeleton } from '@/components/ui/skeleton'
import { riskTone } from '@/lib/aml/risk'
import { subjectParam } from '@/lib/review/subject'
import { amlReportPath } from '@/lib/routes'
import type { InOrLater } from '@/lib/util/settled'
import type { AmlSummary } from '@/lib/verifications/load-page'

/**
 * The AML search made for this verification: a link to its report (which compares its matches
 * with this verification's identity), with its gist, in place or streamed in once the server has
 * read it (the browser is sent a count and a level, never the report); `children` says how it was
 * screened.
 */
export function AmlCard({
  searchId,
  shortId,
  summary,
  children,
}: {
  searchId: string | null | undefined
  shortId: string
  summary: InOrLater<AmlSummary> | null
  children?: ReactNode
}) {
  if (!searchId || !summary) {
    return (
      <Card id="aml" title="AML screening">
        <p className="text-faint">No AML search was made for this verification.</p>
      </Card>
    )
  }
  const reportHref = amlReportPath(searchId, subjectParam({ kind: 'verification', shortId }))
  return (
    <Card
      id="aml"
      title="AML screening"
      actions={
        <IntentLink href={reportHref} className="text-xs font-medium text-link hover:underline">
          Open AML report
        </IntentLink>
      }
    >
      <div className="space-y-2">
        <CopyableId value={searchId} label="AML search id" />
        <InOrLaterPart part={summary} fallback={<Skeleton className="h-5 w-40" />}>
          {(gist) => <Gist gist={gist} />}
        </InOrLaterPart>
        {children}
      </div>
    </Card>
  )
}

function Gist({ gist }: { gist: AmlSummary }) {
  if (!gist.ok) {
    return (
      <p className="text-xs text-red-800 dark:text-red-300">
        {gist.kind === 'not_found'
          ? 'The upstream has no stored result for this search.'
          : 'Could not load the summary: reload the page, or open the report.'}
      </p>
    )
  }
  return (
    <p className="flex flex-wrap items-center gap-2">
      <span>
        {gist.matches.toLocaleString('en')} {gist.matches === 1 ? 'match' : 'matches'}
      </span>
      {gist.highestRisk && (
        <Badge tone={riskTone(gist.highestRisk)} title="Highest risk among the matches">
          Highest risk: {gist.highestRisk}
        </Badge>
      )}
    </p>
  )
}
