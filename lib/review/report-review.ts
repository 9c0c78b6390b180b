import 'server-only'

import { cache } from 'react'

import {
  compareScreenings,
  previousScreeningRecord,
  type ChangesSincePrevious,
  type WindowSummary,
} from '@/lib/review/changes'
import { screeningResult } from '@/lib/review/changes'
import { searchHistory, type HistoryWindow } from '@/lib/review/history-window'
import { previousInMirror } from '@/lib/review/previous-in-mirror'
import { reviewOf, type ReportReview, type SubjectStatus } from '@/lib/review/report-comparisons'
import { screeningDifferences, type ScreeningDifference } from '@/lib/review/screened-as'
import { mirrorHoldsAnyOf, mirrorLacksScreening } from '@/lib/review/screening-in-mirror'
import {
  subjectFromRequestedName,
  subjectFromScreening,
  subjectFromVerification,
  type Subject,
  type SubjectSource,
} from '@/lib/review/subject'
import { loadSubjectContext, type SubjectContext } from '@/lib/review/subject-context'
import { UpstreamError } from '@/lib/upstream/errors'
import { readAmlSearch } from '@/lib/upstream/reads'
import type { AmlSearchResult, Verification, WebhookRecord } from '@/lib/upstream/schemas'

/*
 * What match review shows of a report, computed here from the raw records and sent as words: the
 * subject's dates of birth never leave the server, only their years (as a masked date would not
 * tell a conflict at a glance).
 */

type LoadedSubject = { status: SubjectStatus; subject: Subject; context: SubjectContext | null }

/** The subject named by the link, loaded once per request; the requested name when there is none. */
export const loadSubject = cache(
  async (
    searchId: string,
    source: SubjectSource | null,
    requested: string | null,
  ): Promise<LoadedSubject> => {
    const fallback = subjectFromRequestedName(requested)
    if (!source) return { status: 'none', subject: fallback, context: null }
    let context: SubjectContext
    try {
      context = await loadSubjectContext(searchId, source)
    } catch (error) {
      // The report still shows; the subject is said to be unreadable rather than absent.
      if (error instanceof UpstreamError) {
        return { status: 'unavailable', subject: fallback, context: null }
      }
      throw error
    }
    if (!context.ok) return { status: context.reason, subject: fallback, context }
    const subject = context.verification
      ? subjectFromVerification(context.verification, sourceShortId(source))
      : context.screening
        ? subjectFromScreening(
            source.kind === 'screening' ? source.recordId : '',
            context.screening.payload,
          )
        : null
    return { status: 'known', subject: subject ?? fallback, context }
  },
)

function sourceShortId(source: SubjectSource) {
  return source.kind === 'verification' ? source.shortId : ''
}

export async function reviewReport(
  raw: AmlSearchResult,
  searchId: string,
  source: SubjectSource | null,
): Promise<ReportReview> {
  const { status, subject } = await loadSubject(searchId, source, raw.requested_name ?? null)
  return reviewOf(status, subject, raw.data)
}

/** The screening record of this report in the history window, if it is there. */
function screeningRecordOf(
  searchId: string,
  records: readonly WebhookRecord[],
): WebhookRecord | null {
  const id = searchId.toLowerCase()
  return (
    records.find(
      (record) =>
        record.event_type === 'AML_SCREENING' && resultOf(record)?.search_uuid.toLowerCase() === id,
    ) ?? null
  )
}

function resultOf(record: WebhookRecord): AmlSearchResult | null {
  return screeningResult(record.payload)
}

function windowSummary(window: HistoryWindow): WindowSummary {
  return {
    records: window.records.length,
    pages: window.pages,
    complete: window.complete,
    oldest: window.oldest,
  }
}

/** `none`: neither the request nor the requested name is at hand (the verification page). */
export type ScreenedAs =
  | {
      found: 'request' | 'requested_name'
      differences: ScreeningDifference[]
      window: WindowSummary
    }
  | { found: 'none'; window: WindowSummary }

/**
 * How the screening was asked for, against the verified identity: from the screening's own
 * request when the history window holds it, else from the report's requested name alone.
 */
export async function screenedAsVerified(
  verification: Verification,
  shortId: string,
  searchId: string,
  requestedName: string | null,
): Promise<ScreenedAs> {
  const { record, window } = await findScreeningRecord(searchId)
  const verified = subjectFromVerification(verification, shortId)
  const screened = record ? subjectFromScreening(record.id, record.payload) : null
  if (screened) {
    return { found: 'request', differences: screeningDifferences(verified, screened), window }
  }
  if (!requestedName) return { found: 'none', window }
  return {
    found: 'requested_name',
    differences: screeningDifferences(verified, subjectFromRequestedName(requestedName)),
    window,
  }
}

/**
 * The screening's own history record, and what was looked through for it: the live window, page
 * by page, unless the mirror can say (below).
 */
async function findScreeningRecord(
  searchId: string,
): Promise<{ record: WebhookRecord | null; window: WindowSummary }> {
  const mirrored = await screeningBesideMirror(searchId)
  if (mirrored) return mirrored
  const { value, window } = await searchHistory((records) => screeningRecordOf(searchId, records))
  return { record: value, window: windowSummary(window) }
}

/**
 * When the whole mirrored history holds no record of the screening: its record from the newest
 * live page (what arrived since the mirror's last poll), or none, the mirror then being what was
 * looked through. Null when the mirror cannot say so, and the live window must be read. Once per
 * request: a report's screened-as notice and its changes section both ask.
 */
const screeningBesideMirror = cache(async function screeningBesideMirror(
  searchId: string,
): Promise<{ record: WebhookRecord | null; window: WindowSummary } | null> {
  const mirrored = await mirrorLacksScreening(searchId)
  if (!mirrored) return null
  const newest = await searchHistory((records) => screeningRecordOf(searchId, records), 1)
  if (newest.value) return { record: newest.value, window: windowSummary(newest.window) }
  const reached = newest.window.records.map((record) => record.id)
  if (newest.window.complete || (await mirrorHoldsAnyOf(reached))) {
    return { record: null, window: mirrored }
  }
  return null
})

/** The screened-as notice of a report whose subject is a verification; null otherwise. */
export async function reportScreenedAs(
  raw: AmlSearchResult,
  searchId: string,
  source: SubjectSource | null,
): Promise<ScreenedAs | null> {
  if (source?.kind !== 'verification') return null
  const { context } = await loadSubject(searchId, source, raw.requested_name ?? null)
  if (!context?.ok || !context.verification) return null
  return screenedAsVerified(
    context.verification,
    source.shortId,
    searchId,
    raw.requested_name ?? null,
  )
}

/** What changed since the applicant's previous screening in the history window; null without an applicant. */
export async function changesSincePrevious(
  raw: AmlSearchResult,
  searchId: string,
  source: SubjectSource | null,
): Promise<ChangesSincePrevious | null> {
  if (!source) return null
  const { status, subject } = await loadSubject(searchId, source, raw.requested_name ?? null)
  if (status !== 'known' || !subject.applicantId) return null
  const applicantId = subject.applicantId
  const mirrored = await changesInMirror(applicantId, searchId, raw)
  if (mirrored) return mirrored
  // Not in the whole history: ten live pages would not place it either.
  const beside = await screeningBesideMirror(searchId)
  if (beside && !beside.record) return { found: false, placed: false, window: beside.window }
  // The mirror does not hold this screening yet. Newest first: once the previous screening is among the records read, nothing older matters.
  const { value: previous, window } = await searchHistory((records) => {
    const current = screeningRecordOf(searchId, records)
    return previousScreeningRecord(records, {
      ...(current ? { recordId: current.id } : {}),
      applicantId,
      searchUuid: searchId,
    })
  })
  const previousResult = previous ? resultOf(previous) : null
  if (!previous || !previousResult) {
    const placed = screeningRecordOf(searchId, window.records) !== null
    return { found: false, placed, window: windowSummary(window) }
  }
  return {
    found: true,
    previous: {
      recordId: previous.id,
      searchId: previousResult.search_uuid,
      at: previous.timestamp ?? null,
    },
    changes: compareScreenings(previousResult, raw),
    window: windowSummary(window),
  }
}

/**
 * What changed since the applicant's screening before this one, found in the mirror however old;
 * null when the mirror does not hold this screening yet.
 */
export async function changesInMirror(
  applicantId: string,
  searchId: string,
  raw: AmlSearchResult,
): Promise<ChangesSincePrevious | null> {
  const mirrored = await previousInMirror(applicantId, searchId)
  if (!mirrored) return null
  const { previous: found, window: reach } = mirrored
  if (!found) return { found: false, placed: true, window: reach }
  const previousResult = await readAmlSearch(found.searchUuid)
  return {
    found: true,
    previous: { recordId: found.recordId, searchId: previousResult.search_uuid, at: found.at },
    changes: compareScreenings(previousResult, raw),
    window: reach,
  }
}
