import { compareMatch, whyView, type MatchWhyView } from '@/lib/review/compare'
import { rangeYears } from '@/lib/review/dates'
import type { Subject, SubjectSource } from '@/lib/review/subject'
import type { AmlMatch } from '@/lib/upstream/schemas'

/*
 * What match review shows of a report once its subject is loaded (report-review.ts loads it):
 * each match compared with the subject, sent as words. Pure, and not server-only, so the evidence
 * pack's worker thread compares a 1,000-match report off the request thread. The subject's dates
 * of birth never leave the server, only their years.
 */

/** Who the cards are compared with, as the browser may see it. */
export type SubjectSummary = {
  source: SubjectSource | null
  /** The screened applicant, when the upstream linked one: their page lists every screening. */
  applicantId: string | null
  names: string[]
  born: string | null
  countries: string[]
  gender: string | null
}

export type SubjectStatus = 'none' | 'known' | 'not_found' | 'not_linked' | 'unavailable'

export type ReportReview = {
  status: SubjectStatus
  subject: SubjectSummary
  /** Whether the subject's applicant is known, so decisions are remembered across screenings. */
  applicantKnown: boolean
  comparisons: Record<string, MatchWhyView>
}

function summary(subject: Subject): SubjectSummary {
  return {
    source: subject.source,
    applicantId: subject.applicantId,
    names: subject.names,
    born: subject.dateOfBirth ? rangeYears(subject.dateOfBirth) : null,
    countries: subject.countries,
    gender: subject.gender,
  }
}

export function reviewOf(
  status: SubjectStatus,
  subject: Subject,
  matches: readonly AmlMatch[],
): ReportReview {
  const comparisons: Record<string, MatchWhyView> = {}
  for (const match of matches) comparisons[match.uuid] = whyView(compareMatch(subject, match))
  return {
    status,
    subject: summary(subject),
    applicantKnown: status === 'known' && subject.applicantId !== null,
    comparisons,
  }
}
