import { AmlCard } from '@/components/verifications/aml-card'
import { ChecksCard } from '@/components/verifications/checks-card'
import { DocumentsCard } from '@/components/verifications/documents-card'
import { IdentityDataCard } from '@/components/verifications/identity-data-card'
import { LifecycleCard } from '@/components/verifications/lifecycle-card'
import { OtherFieldsCard } from '@/components/verifications/other-fields-card'
import { VerificationHeader } from '@/components/verifications/verification-header'
import type { Verification } from '@/lib/upstream/schemas'

/**
 * Where the verification stands (header, checks, lifecycle) first; the collected data after. On a
 * phone the side column comes between the checks and the identity data, in that order of urgency.
 */
export function VerificationView({ verification }: { verification: Verification }) {
  return (
    <div className="space-y-5">
      <VerificationHeader verification={verification} />
      <div className="grid items-start gap-5 lg:grid-cols-3 lg:grid-rows-[auto_1fr]">
        <div className="min-w-0 lg:col-span-2">
          <ChecksCard verification={verification} />
        </div>
        <div className="min-w-0 space-y-5 lg:col-start-3 lg:row-span-2 lg:row-start-1">
          <LifecycleCard verification={verification} />
          <AmlCard searchId={verification.aml_search_id} />
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
