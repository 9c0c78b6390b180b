import 'server-only'

import { notFound } from 'next/navigation'
import { cache } from 'react'

import { highestRisk } from '@/lib/aml/risk'
import { viewProfile } from '@/lib/profiles/views'
import { projectVerification } from '@/lib/projection/project'
import { viewerRefKey } from '@/lib/projection/ref-key'
import { screenedAsVerified } from '@/lib/review/report-review'
import { UpstreamError, type UpstreamErrorKind } from '@/lib/upstream/errors'
import { loadForPage } from '@/lib/upstream/load-for-page'
import { readAmlSearch, readVerification } from '@/lib/upstream/reads'
import { isShortId, isUuid } from '@/lib/util/ids'
import { settle, settledOrLater } from '@/lib/util/settled'

/*
 * How long the verification page waits for its secondary reads before it renders: what arrives by
 * then is handed to the page as a value and is in the first HTML. A part streamed in after the
 * first frame is shown no sooner than 300 ms after it (React's Suspense reveal throttle), and a
 * promise is streamed even when settled: the "how it was screened" notice, the page's largest
 * text, was seen 210–230 ms after the first paint. A slow read is still streamed, so it holds the
 * record back by this much at most.
 */
const STREAM_AFTER_MS = 150

// A malformed id cannot exist upstream: not-found without asking. One read per request, shared
// by a page and its metadata.
/**
 * The verification, and (started here, in the first HTML when they are quick, else streamed by the
 * page) how its AML screening was requested against the verified identity, which reads the webhook
 * history, the gist of its AML report and its profile's name.
 */
export const loadVerificationPage = cache((shortId: string) =>
  isShortId(shortId)
    ? loadForPage(async () => {
        const raw = await readVerification(shortId)
        const searchId = raw.aml_search_id
        const key = await viewerRefKey()
        const parts = await settledOrLater(STREAM_AFTER_MS, {
          screenedAs: searchId ? settle(screenedAsVerified(raw, shortId, searchId, null)) : null,
          amlSummary: searchId ? summarizeAml(searchId) : null,
          profileName: profileNameOf(raw.profile_id),
        })
        return { verification: projectVerification(raw, shortId, key), ...parts }
      })
    : notFound(),
)

/** What the verification page's AML card shows of the report: a count and a level, not the report. */
export type AmlSummary =
  | { ok: true; matches: number; highestRisk: string | null }
  | { ok: false; kind: UpstreamErrorKind | 'failed' }

function summarizeAml(searchId: string): Promise<AmlSummary> {
  return readAmlSearch(searchId).then(
    (report) => ({ ok: true, matches: report.data.length, highestRisk: highestRisk(report) }),
    (error: unknown) => ({
      ok: false,
      kind: error instanceof UpstreamError ? error.kind : 'failed',
    }),
  )
}

/**
 * The name of the verification's profile, as its page shows it; null when there is none to read
 * (an id that is not a UUID, "default" in the provider's docs) or the read failed, for the header
 * to show the id instead: a missing profile is no reason to fail the page.
 */
function profileNameOf(profileId: string | null | undefined): Promise<string | null> | null {
  if (!profileId || !isUuid(profileId)) return null
  return viewProfile(profileId).then(
    (profile) => profile.name ?? null,
    () => null,
  )
}
