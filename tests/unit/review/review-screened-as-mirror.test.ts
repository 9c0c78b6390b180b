import { sql } from 'kysely'
import { beforeEach, describe, expect, it } from 'vitest'

import {
  fakeHistory,
  historyHandler,
  screening,
  screenings,
  type FakeHistory,
} from '@/tests/unit/helpers/fake-history'
import { mirrorReview } from '@/tests/unit/helpers/mirror-review'
import { loadRealPayload } from '@/tests/unit/helpers/real-payloads'
import { verificationSchema } from '@/lib/upstream/schemas'

/*
 * The verification page's "how it was screened" notice looks for the screening's own record in
 * the webhook history. When the complete mirror holds no record of it, one live page is read (for
 * what arrived since the mirror's last poll), not the ten-page window, and the notice says it is
 * not in the webhook history at all; whenever the mirror cannot say so, the window is read as
 * before.
 */

const verification = verificationSchema.parse(
  loadRealPayload('verification-docver-webhook-verified.json'),
)

const setup = mirrorReview('screened-as-test-key')
let history: FakeHistory

/** The fake upstream serving `history` as it is when asked. */
function serve() {
  setup.fake().reset()
  setup.fake().handle(historyHandler(history))
}

beforeEach(() => {
  // 120 screenings, newest first: three live pages of 50.
  history = fakeHistory(screenings(120))
  serve()
})

const mirrorAll = () => setup.mirrorAll(serve)
const db = setup.db
const pagesRead = setup.pagesRead

const screenedAs = (searchId: string) =>
  setup.review().screenedAsVerified(verification, 'V111BBB013311111', searchId, null)

describe('how a verification was screened, with the mirror', () => {
  it('reads the live window page by page while the mirror is not complete', async () => {
    const found = await screenedAs('uuid-none')
    expect(found).toMatchObject({
      found: 'none',
      window: { records: 120, pages: 3, complete: true },
    })
    expect(pagesRead()).toBe(3)
  })

  it('reads one page when the complete mirror holds no record of the screening', async () => {
    await mirrorAll()
    const found = await screenedAs('uuid-none')
    expect(found).toEqual({
      found: 'none',
      window: {
        records: 120,
        pages: 3,
        complete: true,
        oldest: screenings(120).at(-1)!.timestamp,
      },
    })
    expect(pagesRead()).toBe(1)
  })

  it('finds a screening newer than the mirror on the newest page', async () => {
    await mirrorAll()
    history.records.unshift(screening('late', -1, 'John Doe'))
    const found = await screenedAs('uuid-late')
    expect(found).toMatchObject({ found: 'request', window: { records: 50, pages: 1 } })
    expect(pagesRead()).toBe(1)
  })

  it('reads the window for a screening the mirror holds, whose payload it does not keep', async () => {
    await mirrorAll()
    const found = await screenedAs('uuid-r-110')
    expect(found).toMatchObject({ found: 'request', window: { records: 120, pages: 3 } })
    expect(pagesRead()).toBe(3)
  })

  it('reads the window when more arrived since the last poll than the newest page holds', async () => {
    await mirrorAll()
    history.records.unshift(...screenings(60, 'new', -100))
    const found = await screenedAs('uuid-none')
    expect(found).toMatchObject({ found: 'none', window: { records: 180, pages: 4 } })
    // The newest page, then the window's four (a page render reads the first of them once: React's
    // per-request cache, which a test outside a render does not have).
    expect(pagesRead()).toBe(5)
  })

  it('reads the window when the history is served oldest first', async () => {
    history.order = 'oldest_first'
    await mirrorAll()
    await screenedAs('uuid-none')
    // The window's reads start at the oldest page, where what arrived since the last poll is not.
    expect(pagesRead()).toBe(3)
  })

  it('reads the window when the screening’s record was set aside by the mirror', async () => {
    await mirrorAll()
    await sql`insert into history_set_aside (key, record_id, id_length, search_uuid, error,
      raw_bytes, first_seen_at, last_seen_at, next_attempt_at)
      values ('k', 'r-lost', 6, 'UUID-NONE', 'too large', 1, now(), now(), now())`.execute(
      await db(),
    )
    await screenedAs('uuid-none')
    expect(pagesRead()).toBe(3)
  })
})
