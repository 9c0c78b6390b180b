import 'server-only'

import { riskRank } from '@/lib/aml/risk'
import { reviewCounts } from '@/lib/review/decisions'
import { readHistoryWindow } from '@/lib/review/history-window'
import { subjectParam } from '@/lib/review/subject'
import type { WebhookRecord } from '@/lib/upstream/schemas'
import { summarizeRecord } from '@/lib/webhooks/summary'

/*
 * The home page's work list, from the newest webhook history: screenings of High or Medium risk
 * whose matches are not all reviewed, and verifications that failed. Only the newest record of an
 * applicant's screenings and of a verification counts: an older one is what was re-screened.
 */

/** Pages of history the list looks through (the upstream's pages hold 50 records). */
const TRIAGE_PAGES = 2

type ScreeningItem = {
  kind: 'screening'
  recordId: string
  at: string | null
  name: string | null
  risk: string
  matches: number
  reviewed: number
  awaitingSecond: number
  searchUuid: string
  subject: string
}

type FailedVerificationItem = {
  kind: 'failed_verification'
  recordId: string
  at: string | null
  shortId: string
}

export type Triage = {
  screenings: ScreeningItem[]
  failed: FailedVerificationItem[]
  /** What was looked through: the records, the oldest and newest times, and whether that was all. */
  window: { records: number; newest: string | null; oldest: string | null; complete: boolean }
}

const NEEDS_REVIEW = new Set(['High', 'Medium'])

export async function loadTriage(): Promise<Triage> {
  const history = await readHistoryWindow(TRIAGE_PAGES)
  const candidates = screeningsToReview(history.records)
  const counts = await reviewCounts(candidates.map((item) => item.searchUuid))
  const screenings = candidates
    .map((item) => {
      const count = counts.get(item.searchUuid)
      return {
        ...item,
        reviewed: count?.reviewed ?? 0,
        awaitingSecond: count?.awaitingSecond ?? 0,
      }
    })
    .filter((item) => item.reviewed < item.matches || item.awaitingSecond > 0)
    // High before Medium; within a level, newest first as the history has them (a stable sort).
    .sort((a, b) => riskRank(b.risk) - riskRank(a.risk))
  return {
    screenings,
    failed: failedVerifications(history.records),
    window: {
      records: history.records.length,
      newest: history.newest,
      oldest: history.oldest,
      complete: history.complete,
    },
  }
}

type Candidate = Omit<ScreeningItem, 'reviewed' | 'awaitingSecond'>

function screeningsToReview(records: readonly WebhookRecord[]): Candidate[] {
  const seenApplicants = new Set<string>()
  const items: Candidate[] = []
  for (const record of records) {
    const summary = summarizeRecord(record.event_type, record.payload)
    if (summary.kind !== 'aml') continue
    const { aml } = summary
    if (aml.applicantId) {
      if (seenApplicants.has(aml.applicantId)) continue
      seenApplicants.add(aml.applicantId)
    }
    if (!aml.searchUuid || !aml.matchCount || !aml.highestRisk) continue
    if (!NEEDS_REVIEW.has(aml.highestRisk)) continue
    items.push({
      kind: 'screening',
      recordId: record.id,
      at: record.timestamp ?? null,
      name: aml.requestedName,
      risk: aml.highestRisk,
      matches: aml.matchCount,
      searchUuid: aml.searchUuid,
      subject: subjectParam({ kind: 'screening', recordId: record.id }),
    })
  }
  return items
}

function failedVerifications(records: readonly WebhookRecord[]): FailedVerificationItem[] {
  const seen = new Set<string>()
  const items: FailedVerificationItem[] = []
  for (const record of records) {
    const summary = summarizeRecord(record.event_type, record.payload)
    if (summary.kind !== 'verification' || !summary.verificationShortId) continue
    // Newest first: the first record of a verification is its current state.
    if (seen.has(summary.verificationShortId)) continue
    seen.add(summary.verificationShortId)
    if (summary.status !== 'failed') continue
    items.push({
      kind: 'failed_verification',
      recordId: record.id,
      at: record.timestamp ?? null,
      shortId: summary.verificationShortId,
    })
  }
  return items
}
