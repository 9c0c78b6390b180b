import 'server-only'

import { notFound } from 'next/navigation'
import { cache } from 'react'

import { listReport } from '@/lib/aml/details'
import { projectAmlSearch } from '@/lib/projection/project'
import { viewerRefKey } from '@/lib/projection/ref-key'
import { changesSincePrevious, reportScreenedAs, reviewReport } from '@/lib/review/report-review'
import { parseSubjectParam } from '@/lib/review/subject'
import { loadForPage } from '@/lib/upstream/load-for-page'
import { readAmlSearch } from '@/lib/upstream/reads'
import { isUuid } from '@/lib/util/ids'
import { settle } from '@/lib/util/settled'

// A malformed id cannot exist upstream: not-found without asking. One read per request, shared
// by a page and its metadata.
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
