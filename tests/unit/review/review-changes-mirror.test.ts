import { beforeEach, describe, expect, it } from 'vitest'

import {
  fakeHistory,
  historyHandler,
  screening,
  screenings,
  type FakeHistory,
} from '@/tests/unit/helpers/fake-history'
import { sendJson } from '@/tests/unit/helpers/fake-upstream'
import { mirrorReview } from '@/tests/unit/helpers/mirror-review'
import { loadRealPayload } from '@/tests/unit/helpers/real-payloads'
import type { AmlSearchResult } from '@/lib/upstream/schemas'

/*
 * "Since the previous screening" on a report opened from a verification. A report has no time of
 * its own: only its screening's record in the webhook history places it among the applicant's
 * screenings. When that record is nowhere, the section says so (not "no earlier screening", which
 * the history may contradict); when the complete mirror holds no record of it, one live page is
 * read for what arrived since the last poll, not the ten-page window.
 */

const SHORT_ID = 'V111BBB013311111'
const APPLICANT = 'app-subject'

const setup = mirrorReview('changes-test-key')
let history: FakeHistory
let searchId: string

/** A screening of the subject's applicant, as the history would carry it. */
function subjectScreening(id: string, minutesAgo: number, risk: 'High' | 'Low') {
  const record = screening(id, minutesAgo, 'John Doe', risk)
  record.payload.applicant_id = APPLICANT
  return record
}

/** The fake upstream: the webhook history, and the verification whose screening is `searchId`. */
function serve() {
  setup.fake().reset()
  const pages = historyHandler(history)
  setup.fake().handle((request, response) => {
    if (request.url?.startsWith(`/api/v3/verifications/short/${SHORT_ID}`)) {
      const verification = loadRealPayload('verification-docver-webhook-verified.json') as Record<
        string,
        unknown
      >
      return sendJson(response, 200, {
        ...verification,
        applicant_id: APPLICANT,
        aml_search_id: searchId,
      })
    }
    pages(request, response)
  })
}

beforeEach(() => {
  // 120 screenings of others, then two of the subject's applicant: three live pages of 50.
  history = fakeHistory([
    ...screenings(120),
    subjectScreening('s-old', 200, 'Low'),
    subjectScreening('s-older', 300, 'Low'),
  ])
  serve()
})

const mirrorAll = () => setup.mirrorAll(serve)

/** The report being read: `searchId`'s, with one High match. */
function report(): AmlSearchResult {
  return {
    search_uuid: searchId,
    requested_name: 'John Doe',
    data: [{ uuid: 'm1', risk_score: 'High' }],
  }
}

const changes = () =>
  setup.review().changesSincePrevious(report(), searchId, {
    kind: 'verification',
    shortId: SHORT_ID,
  })

const oldestTimestamp = () => (history.records.at(-1) as { timestamp: string }).timestamp

const pagesRead = setup.pagesRead

describe('changes since the previous screening, for a report opened from a verification', () => {
  it('says the screening is not placed when its record is not in the window', async () => {
    searchId = 'uuid-absent'
    const found = await changes()
    expect(found).toMatchObject({
      found: false,
      placed: false,
      window: { records: 122, pages: 3, complete: true },
    })
    expect(pagesRead()).toBe(3)
  })

  it('reads one page when the complete mirror holds no record of the screening', async () => {
    searchId = 'uuid-absent'
    await mirrorAll()
    const found = await changes()
    expect(found).toEqual({
      found: false,
      placed: false,
      window: { records: 122, pages: 3, complete: true, oldest: oldestTimestamp() },
    })
    expect(pagesRead()).toBe(1)
  })

  it('compares with the previous screening when the current one arrived since the last poll', async () => {
    await mirrorAll()
    history.records.unshift(subjectScreening('s-new', -1, 'High'))
    searchId = 'uuid-s-new'
    const found = await changes()
    expect(found).toMatchObject({
      found: true,
      previous: { recordId: 's-old', searchId: 'uuid-s-old' },
      changes: { overall: { from: 'Low', to: 'High' } },
      // The window read up to the previous screening, on its third page.
      window: { pages: 3 },
    })
  })

  it('says no earlier screening when the record is placed and none is before it', async () => {
    history.records.unshift(subjectScreening('s-first', -1, 'High'))
    history.records = history.records.filter(
      (record) => !['s-old', 's-older'].includes((record as { id: string }).id),
    )
    searchId = 'uuid-s-first'
    const found = await changes()
    expect(found).toMatchObject({ found: false, placed: true, window: { complete: true } })
  })
})
