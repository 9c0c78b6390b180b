import 'server-only'

import { ReportActions } from '@/components/aml/report-actions'
import { ReportMatches } from '@/components/aml/report-matches'
import { ReportSummary } from '@/components/aml/report-summary'
import { ScreeningChangesSection } from '@/components/aml/screening-changes'
import { EvidencePackButton } from '@/components/evidence/evidence-pack-button'
import { ScreenedAsNotice } from '@/components/review/screened-as-notice'
import { ScreenedSubject } from '@/components/review/screened-subject'
import { RememberRecent } from '@/components/shell/remember-recent'
import { EmptyState } from '@/components/ui/empty-state'
import { IdentityValue } from '@/components/ui/identity-value'
import { countByRisk, countByType } from '@/lib/aml/counts'
import { highestRisk } from '@/lib/aml/risk'
import type { Projected } from '@/lib/projection/projected'
import type { ChangesSincePrevious } from '@/lib/review/changes'
import type { ReportReview } from '@/lib/review/report-comparisons'
import type { ScreenedAs } from '@/lib/review/report-review'
import type { AmlSearchResult } from '@/lib/upstream/schemas'
import type { Settled } from '@/lib/util/settled'

/**
 * A loaded report. The heading and summary render on the server; the match list is the client
 * part (sort, filters, virtual list, decisions), and its first screen of cards is in the server's
 * HTML too.
 */
export function ReportPage({
  result,
  review,
  subject,
  screenedAs,
  changes,
  inCase = false,
}: {
  /** The report with the list part of each match; the cards read the rest (lib/aml/details.ts). */
  result: Projected<AmlSearchResult>
  review: ReportReview
  /** The subject link parameter, when the upstream links that subject to this report. */
  subject: string | null
  screenedAs: Settled<ScreenedAs | null>
  changes: Settled<ChangesSincePrevious | null>
  /**
   * On its case's page, which has the case's own title and evidence pack: the report's heading is
   * a second level, and its exports are left out.
   */
  inCase?: boolean
}) {
  // On its case's page the case's title is the page's heading.
  const Heading = inCase ? 'h2' : 'h1'
  return (
    <div className="space-y-4">
      <RememberRecent kind="aml" id={result.search_uuid.toLowerCase()} />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-xs font-medium tracking-wide text-faint uppercase">
            AML screening report
          </p>
          <Heading className="text-lg font-semibold">
            <IdentityValue value={result.requested_name} kind="name" />
          </Heading>
        </div>
        {!inCase && (
          <div className="flex flex-col items-end gap-2">
            <ReportActions searchId={result.search_uuid} />
            <EvidencePackButton
              type="aml_search"
              id={result.search_uuid}
              subject={subject ?? undefined}
            />
          </div>
        )}
      </div>
      <ScreenedSubject review={review} />
      <ScreenedAsNotice screenedAs={screenedAs} open />
      <ReportSummary
        result={result}
        subject={subject}
        highest={highestRisk(result)}
        risks={countByRisk(result.data)}
        types={countByType(result.data)}
      />
      <ScreeningChangesSection changes={changes} />
      {result.data.length === 0 ? (
        <EmptyState title="No matches">
          The screening found no sanctions, PEP, media or other records for this name.
        </EmptyState>
      ) : (
        <ReportMatches
          matches={result.data}
          requestedName={result.requested_name}
          searchId={result.search_uuid}
          subject={subject}
          comparisons={review.comparisons}
        />
      )}
    </div>
  )
}
