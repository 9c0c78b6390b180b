import 'server-only'

import { notFound, redirect } from 'next/navigation'
import { cache } from 'react'

import { listReport } from '@/lib/aml/details'
import { highestRisk } from '@/lib/aml/risk'
import { AuthRequiredError } from '@/lib/auth/errors'
import { readAmlSearch, readVerification } from '@/lib/data/reads'
import { viewProfile } from '@/lib/data/views'
import { isShortId, isUuid } from '@/lib/ids'
import { projectAmlSearch, projectVerification } from '@/lib/projection/project'
import { viewerRefKey } from '@/lib/projection/ref-key'
import {
  changesSincePrevious,
  reportScreenedAs,
  reviewReport,
  screenedAsVerified,
} from '@/lib/review/report-review'
import { parseSubjectParam } from '@/lib/review/subject'
import { signInPath } from '@/lib/routes'
import { settle, settledWithin } from '@/lib/settled'
import { UpstreamError, type UpstreamErrorKind } from '@/lib/upstream/errors'

export type PageLoad<T> = { ok: true; data: T } | { ok: false; kind: UpstreamErrorKind }

/**
 * A page's read, before anything of the page is sent: an unknown id answers the not-found page
 * with 404, a missing session goes to sign-in, and any other failure comes back as its kind for
 * the page to say in words (server error messages are redacted in production, so an error
 * boundary could not).
 */
async function loadForPage<T>(read: () => Promise<T>): Promise<PageLoad<T>> {
  try {
    return { ok: true, data: await read() }
  } catch (error) {
    if (error instanceof UpstreamError) {
      if (error.kind === 'not_found') notFound()
      return { ok: false, kind: error.kind }
    }
    // Reached only when proxy.ts was bypassed: the data layer refused, so nothing was read.
    if (error instanceof AuthRequiredError) redirect(signInPath)
    throw error
  }
}

/*
 * How long the verification page waits for its secondary reads before it renders: what arrives by
 * then is in the first HTML. A part streamed in after the first frame is shown no sooner than
 * 300 ms after it (React's Suspense reveal throttle): the "how it was screened" notice, the page's
 * largest text, took 40 ms more than the record and was seen 300 ms later. A slow read is still
 * streamed, so it holds the record back by this much at most.
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
        const parts = {
          screenedAs: searchId ? settle(screenedAsVerified(raw, shortId, searchId, null)) : null,
          amlSummary: searchId ? summarizeAml(searchId) : null,
          profileName: profileNameOf(raw.profile_id),
        }
        await settledWithin(STREAM_AFTER_MS, Object.values(parts))
        return { verification: projectVerification(raw, shortId, key), ...parts }
      })
    : notFound(),
)

export const loadProfilePage = cache((profileId: string) =>
  isUuid(profileId) ? loadForPage(() => viewProfile(profileId)) : notFound(),
)

/**
 * The report, its match comparisons with the subject the link names, how the subject was screened
 * and what changed since the applicant's previous screening. Read before the page renders (a part
 * streamed in above the cards would push them down); they cost time only when a subject is named.
 * The raw report stays here; the page gets the projection of each match's list part and words:
 * its cards read the rest from the report's route once the page is up (lib/aml/details.ts).
 */
export const loadAmlReportPage = cache((searchId: string, subject: string | null) =>
  isUuid(searchId)
    ? loadForPage(async () => {
        const raw = await readAmlSearch(searchId)
        const source = parseSubjectParam(subject)
        const [review, screenedAs, changes] = await Promise.all([
          reviewReport(raw, searchId, source),
          settle(reportScreenedAs(raw, searchId, source)),
          settle(changesSincePrevious(raw, searchId, source)),
        ])
        // The same projection as a whole report's: a masked value's path is the same in both parts.
        const key = await viewerRefKey()
        const report = projectAmlSearch(listReport(raw), searchId, key)
        return { report, review, source, screenedAs, changes }
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
