import type { CaseSummary } from './types'

/*
 * A case's title, browser-safe (issue #56 item 1): the applicant's name, the record's kind and its
 * day, e.g. "Jane Doe · AML screening · 24 Oct 2026", not the record's raw id. The name is shown
 * as the queue shows it (lib/cases/read.ts `caseName`); the day is the record's, in UTC, so the
 * server and every browser write the same.
 */

const day = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})

const kindWords = { screening: 'AML screening', failed_verification: 'Failed verification' }

export function caseTitle(kase: Pick<CaseSummary, 'name' | 'kind' | 'since'>): string {
  return [kase.name ?? 'Name unknown', kindWords[kase.kind], day.format(new Date(kase.since))].join(
    ' · ',
  )
}
