import 'server-only'

import { ScreenedAsNotice } from '@/components/review/screened-as-notice'
import { InOrLaterPart } from '@/components/ui/in-or-later'
import { AmlCard } from '@/components/verifications/aml-card'
import { ChecksCard } from '@/components/verifications/checks-card'
import { DocumentsCard } from '@/components/verifications/documents-card'
import { IdentityDataCard } from '@/components/verifications/identity-data-card'
import { LifecycleCard } from '@/components/verifications/lifecycle-card'
import { OtherFieldsCard } from '@/components/verifications/other-fields-card'
import { VerificationHeader } from '@/components/verifications/verification-header'
import type { ScreenedAs } from '@/lib/review/report-review'
import type { Verification } from '@/lib/upstream/schemas'
import type { InOrLater, Settled } from '@/lib/util/settled'
import type { AmlSummary } from '@/lib/verifications/load-page'

/**
 * Where the verification stands (header, checks, lifecycle) first; the collected data after. On a
 * phone the side column comes between the checks and the identity data, in that order of urgency.
 */
export function VerificationView({
  verification,
  shortId,
  screenedAs,
  amlSummary,
  profileName,
  inCase = false,
}: {
  verification: Verification
  shortId: string
  /** How the AML screening was requested, in the AML card; null without a screening. */
  screenedAs: InOrLater<Settled<ScreenedAs | null>> | null
  /** The gist of the AML report, in the AML card; null without a screening. */
  amlSummary: InOrLater<AmlSummary> | null
  /** The profile's name, in the header; null when its id cannot be read. */
  profileName: InOrLater<string | null> | null
  /** On its case's page: a second-level heading, no evidence pack of its own. */
  inCase?: boolean
}) {
  return (
    <div className="space-y-5">
      <VerificationHeader verification={verification} profileName={profileName} inCase={inCase} />
      <div className="grid grid-cols-1 items-start gap-5 lg:grid-cols-3 lg:grid-rows-[auto_1fr]">
        <div className="min-w-0 lg:col-span-2">
          <ChecksCard verification={verification} />
        </div>
        <div className="min-w-0 space-y-5 lg:col-start-3 lg:row-span-2 lg:row-start-1">
          <LifecycleCard verification={verification} />
          <AmlCard searchId={verification.aml_search_id} shortId={shortId} summary={amlSummary}>
            {screenedAs && (
              <InOrLaterPart
                part={screenedAs}
                fallback={<p className="text-xs text-faint">Checking how it was screened…</p>}
              >
                {(settled) => <ScreenedAsNotice screenedAs={settled} />}
              </InOrLaterPart>
            )}
          </AmlCard>
          <DocumentsCard documents={verification.documents} />
          <OtherFieldsCard verification={verification} />
        </div>
        <div className="min-w-0 lg:col-span-2">
          <IdentityDataCard verification={verification} />
        </div>
      </div>
    </div>
  )
}
