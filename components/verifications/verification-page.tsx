import 'server-only'

import { RememberRecent } from '@/components/shell/remember-recent'
import { Breadcrumbs } from '@/components/ui/breadcrumbs'
import { ReadFailure } from '@/components/ui/read-failure'
import { VerificationView } from '@/components/verifications/verification-view'
import type { ScreenedAs } from '@/lib/review/report-review'
import { homePath } from '@/lib/routes'
import type { PageLoad } from '@/lib/upstream/load-for-page'
import type { Verification } from '@/lib/upstream/schemas'
import type { InOrLater, Settled } from '@/lib/util/settled'
import type { AmlSummary } from '@/lib/verifications/load-page'

type Load = PageLoad<{
  verification: Verification
  screenedAs: InOrLater<Settled<ScreenedAs | null>> | null
  amlSummary: InOrLater<AmlSummary> | null
  profileName: InOrLater<string | null> | null
}>

/**
 * The verification page, rendered on the server: the record, or why it could not be read. `inCase`:
 * on its case's page, which has its own breadcrumbs, title and evidence pack, the verification's
 * heading is a second level and its pack is left out.
 */
export function VerificationScreen({
  shortId,
  load,
  retryHref,
  inCase = false,
}: {
  shortId: string
  load: Load
  retryHref: string
  inCase?: boolean
}) {
  const Heading = inCase ? 'h2' : 'h1'
  return (
    <>
      {!inCase && (
        <Breadcrumbs
          items={[
            { label: 'Home', href: homePath },
            { label: 'Verifications' },
            { label: shortId, mono: true },
          ]}
        />
      )}
      {load.ok ? (
        <>
          <RememberRecent kind="verification" id={shortId} />
          <VerificationView
            verification={load.data.verification}
            shortId={shortId}
            screenedAs={load.data.screenedAs}
            amlSummary={load.data.amlSummary}
            profileName={load.data.profileName}
            inCase={inCase}
          />
        </>
      ) : (
        <div className="space-y-3">
          <Heading className="font-mono text-lg font-semibold">{shortId}</Heading>
          <ReadFailure kind={load.kind} what="this verification" retryHref={retryHref} />
        </div>
      )}
    </>
  )
}
