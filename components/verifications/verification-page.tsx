import 'server-only'

import { RememberRecent } from '@/components/shell/remember-recent'
import { Breadcrumbs } from '@/components/ui/breadcrumbs'
import { ReadFailure } from '@/components/ui/read-failure'
import { VerificationView } from '@/components/verifications/verification-view'
import type { ScreenedAs } from '@/lib/review/report-review'
import { homePath } from '@/lib/routes'
import type { PageLoad } from '@/lib/upstream/load-for-page'
import type { Verification } from '@/lib/upstream/schemas'
import type { Settled } from '@/lib/util/settled'
import type { AmlSummary } from '@/lib/verifications/load-page'

type Load = PageLoad<{
  verification: Verification
  screenedAs: Promise<Settled<ScreenedAs | null>> | null
  amlSummary: Promise<AmlSummary> | null
  profileName: Promise<string | null> | null
}>

/** The verification page, rendered on the server: the record, or why it could not be read. */
export function VerificationScreen({
  shortId,
  load,
  retryHref,
}: {
  shortId: string
  load: Load
  retryHref: string
}) {
  return (
    <>
      <Breadcrumbs
        items={[
          { label: 'Home', href: homePath },
          { label: 'Verifications' },
          { label: shortId, mono: true },
        ]}
      />
      {load.ok ? (
        <>
          <RememberRecent kind="verification" id={shortId} />
          <VerificationView
            verification={load.data.verification}
            shortId={shortId}
            screenedAs={load.data.screenedAs}
            amlSummary={load.data.amlSummary}
            profileName={load.data.profileName}
          />
        </>
      ) : (
        <div className="space-y-3">
          <h1 className="font-mono text-lg font-semibold">{shortId}</h1>
          <ReadFailure kind={load.kind} what="this verification" retryHref={retryHref} />
        </div>
      )}
    </>
  )
}
