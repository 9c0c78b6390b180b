import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { detectEvents, nameEvents } from '@/lib/notifications/detect'
import { SYSTEM_ID } from '@/lib/cases/system-actor'
import { seedAssignment, seedCase } from '@/tests/unit/helpers/notifications-fixtures'
import { openTestStore } from '@/tests/unit/helpers/test-store'

/* Which events the store holds, each with the key that makes its messages once. */

const ANA = 'https://idp.test ana'
const BEN = 'https://idp.test ben'
const HOUR = 3_600_000
const settings = { dueSoonHours: 4, maxLagSeconds: 300 }

let store: Awaited<ReturnType<typeof openTestStore>>

beforeAll(async () => {
  store = await openTestStore()
}, 60_000)

afterAll(async () => {
  await store?.close()
})

const kindsOf = async (now: Date, caseId: number) =>
  (await detectEvents(store.db, settings, now))
    .filter((event) => event.caseId === caseId)
    .map((event) => [event.kind, event.analystId])

describe('events', () => {
  it('announces a new High-risk case, not one made from a record older than a day', async () => {
    const now = new Date()
    const fresh = await seedCase(store.db)
    const old = await seedCase(store.db, { createdAt: new Date(now.getTime() - 30 * HOUR) })
    expect(await kindsOf(now, fresh)).toEqual([['high_case', null]])
    expect(await kindsOf(now, old)).toEqual([])
  })

  it('says whether Verity assigned a case by itself or a lead did (#54 item 7)', async () => {
    const now = new Date()
    const auto = await seedCase(store.db, { risk: 'Medium', owner: ANA })
    const byLead = await seedCase(store.db, { risk: 'Medium', owner: ANA })
    await seedAssignment(store.db, auto, ANA, SYSTEM_ID)
    await seedAssignment(store.db, byLead, ANA)
    const assigned = (await detectEvents(store.db, settings, now)).filter(
      (event) => event.kind === 'assigned',
    )
    expect(assigned.find((event) => event.caseId === auto)?.byVerity).toBe(true)
    expect(assigned.find((event) => event.caseId === byLead)?.byVerity).toBe(false)
  })

  it(`finds a case due within the hours set, then overdue, for its owner (or the team)`, async () => {
    const now = new Date()
    const dueAt = new Date(now.getTime() + 3 * HOUR)
    const mine = await seedCase(store.db, { risk: 'Medium', owner: ANA, dueAt })
    const nobodys = await seedCase(store.db, { risk: 'Medium', dueAt })
    const later = await seedCase(store.db, { risk: 'Medium', owner: ANA })
    expect(await kindsOf(now, mine)).toEqual([['due_soon', ANA]])
    expect(await kindsOf(now, nobodys)).toEqual([['due_soon', null]])
    expect(await kindsOf(now, later)).toEqual([])
    const after = new Date(dueAt.getTime() + HOUR)
    expect(await kindsOf(after, mine)).toEqual([['overdue', ANA]])
    const [event] = (await detectEvents(store.db, settings, after)).filter(
      (one) => one.caseId === mine,
    )
    expect(event?.key).toBe(`overdue:${mine}:${dueAt.toISOString()}`)
  })

  it("asks the case's owner to confirm another analyst's decision (four eyes), until one follows", async () => {
    const now = new Date()
    const caseId = await seedCase(store.db, { risk: 'Medium', owner: ANA })
    const { resource_id: searchId } = await store.db
      .selectFrom('cases')
      .select('resource_id')
      .where('id', '=', caseId)
      .executeTakeFirstOrThrow()
    const decide = (analyst: string, settles: boolean) =>
      store.db
        .insertInto('match_decisions')
        .values({
          search_id: searchId,
          match_uuid: 'm-1',
          applicant_id: null,
          decision: 'true_match',
          action: settles ? 'confirm' : 'set',
          reason: 'the dates of birth agree',
          user_label: analyst,
          analyst_id: analyst,
          at: new Date(),
          carried_from: null,
          settles,
        })
        .execute()
    await decide(BEN, false)
    expect(await kindsOf(now, caseId)).toEqual([['awaiting_confirmation', ANA]])
    await decide(ANA, true)
    expect(await kindsOf(now, caseId)).toEqual([])
  })

  it('says the mirror is degraded when its last poll is older than HISTORY_MAX_LAG_SECONDS', async () => {
    const now = new Date()
    const mirrorEvents = async () =>
      (await detectEvents(store.db, settings, now)).filter((e) => e.kind === 'mirror_degraded')
    await store.db
      .updateTable('history_sync_state')
      .set({ last_poll_at: new Date(now.getTime() - 20_000) })
      .execute()
    expect(await mirrorEvents()).toEqual([])
    const stalled = new Date(now.getTime() - 600_000)
    await store.db.updateTable('history_sync_state').set({ last_poll_at: stalled }).execute()
    expect(await mirrorEvents()).toMatchObject([
      { key: `mirror_degraded:${stalled.toISOString()}`, lagSeconds: 600, analystId: null },
    ])
  })

  it('a sweep looks again only at events no message was recorded for', async () => {
    const now = new Date()
    const dueAt = new Date(now.getTime() + 2 * HOUR)
    const told = await seedCase(store.db, { risk: 'Medium', owner: BEN, dueAt, name: 'Olga Told' })
    const fresh = await seedCase(store.db, { risk: 'Medium', owner: BEN, dueAt, name: 'Ivo Fresh' })
    const due = async () =>
      (await detectEvents(store.db, settings, now)).filter(
        (event) => event.caseId === told || event.caseId === fresh,
      )
    const [toldEvent] = await due()
    expect(toldEvent).toMatchObject({ caseId: told, kind: 'due_soon' })
    await store.db
      .insertInto('notifications')
      .values({
        event_key: toldEvent!.key,
        event_kind: toldEvent!.kind,
        channel: 'email',
        recipient: 'ben@verity.test',
        subject: 'Due soon',
        body: 'Due soon',
        case_id: told,
        status: 'sent',
      })
      .execute()
    const left = await due()
    expect(left.map((event) => event.caseId)).toEqual([fresh])
    // Named only when it makes a message (lib/notifications/send.ts), by its case's record.
    expect(await nameEvents(store.db, left)).toEqual([
      expect.objectContaining({ caseId: fresh, name: 'Ivo Fresh' }),
    ])
  })
})
