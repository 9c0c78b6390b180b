import { createHmac } from 'node:crypto'

import { sql, type Kysely } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import type * as RouteModule from '@/app/api/upstream/webhooks/route'
import type * as DeliveriesModule from '@/lib/history-mirror/deliveries'
import type * as SignatureModule from '@/lib/upstream/webhook-signature'
import type * as StatusModule from '@/lib/history-mirror/delivery-status'
import type * as ExtractModule from '@/lib/history-mirror/extract'
import type * as LeaseModule from '@/lib/history-mirror/lease'
import type * as SyncModule from '@/lib/history-mirror/sync'
import { printMatch } from '@/lib/review/standing/fingerprint'
import { openStore } from '@/lib/store/open'
import type { Database } from '@/lib/store/schema'

import { stubEnv } from '@/tests/unit/helpers/env'
import {
  fakeHistory,
  historyHandler,
  screening,
  screenings,
  type FakeHistory,
} from '@/tests/unit/helpers/fake-history'
import { startFakeUpstream, type FakeUpstream } from '@/tests/unit/helpers/fake-upstream'
import { withAppStore } from '@/tests/unit/helpers/test-store'
import { postgresBin, startPostgres } from '@/tools/harness/postgres'

/*
 * The provider's webhook deliveries: the signature as the provider documents it, the route's
 * answers, and deliveries and the poll storing one record between them (docs/history-mirror.md).
 */

const HEX = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff'
const SECRET = `whsec_${HEX}`
const OLD_SECRET = `whsec_${'ab'.repeat(32)}`

let fake: FakeUpstream
let signature: typeof SignatureModule
let deliveries: typeof DeliveriesModule
let extract: typeof ExtractModule
let sync: typeof SyncModule
let lease: typeof LeaseModule
let status: typeof StatusModule
let route: typeof RouteModule
let db: Kysely<Database>

// Deliveries are stored in the app's store, where their cases are audited too.
withAppStore()

async function importModules() {
  signature = await import('@/lib/upstream/webhook-signature')
  deliveries = await import('@/lib/history-mirror/deliveries')
  extract = await import('@/lib/history-mirror/extract')
  sync = await import('@/lib/history-mirror/sync')
  lease = await import('@/lib/history-mirror/lease')
  status = await import('@/lib/history-mirror/delivery-status')
  route = await import('@/app/api/upstream/webhooks/route')
  db = (await (await import('@/lib/store/store')).getStore()).db
}

const ENV = { DS_API_KEY: 'test-key', DS_API_TIMEOUT_MS: '2000' }

beforeAll(async () => {
  fake = await startFakeUpstream()
  // The new secret first, the one being rotated out after it.
  stubEnv({ ...ENV, DS_API_BASE_URL: fake.url, DS_WEBHOOK_SECRET: `${SECRET},${OLD_SECRET}` })
  await importModules()
}, 60_000)

afterAll(async () => {
  await fake.close()
  vi.unstubAllEnvs()
})

beforeEach(async () => {
  fake.reset()
  for (const table of [
    'history_records',
    'history_sync_lease',
    'history_sync_state',
    'history_delivery_stats',
    'history_delivery_refusal_counts',
    'history_delivered_unpolled',
  ]) {
    await sql`delete from ${sql.table(table)}`.execute(db)
  }
  await sql`insert into history_sync_state (name) values ('history')`.execute(db)
  await sql`insert into history_delivery_stats (name) values ('history')`.execute(db)
})

/** The provider's scheme, written out from its docs: HMAC-SHA256 of "<t>.<body>", key hex-decoded. */
function signed(body: string, secret = SECRET, at = Math.floor(Date.now() / 1_000)) {
  const key = Buffer.from(secret.replace('whsec_', ''), 'hex')
  return `t=${at},v1=${createHmac('sha256', key).update(`${at}.${body}`).digest('hex')}`
}

const bytes = (text: string) => new TextEncoder().encode(text)
const keys = () => signature.signingKeys([SECRET, OLD_SECRET])

/** A delivery's body: the envelope of a history record, without the history's delivery fields. */
function envelope(id: string, minutesAgo = -5, name = 'Delivered Person') {
  const { webhook_id, event_type, timestamp, payload } = screening(id, minutesAgo, name)
  return JSON.stringify({ id, webhook_id, event_type, timestamp, payload })
}

function post(body: BodyInit, headers: Record<string, string> = {}) {
  return route.POST(
    new Request('http://127.0.0.1/api/upstream/webhooks', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...headers },
      duplex: 'half',
    } as RequestInit),
  )
}

const deliver = (body: string, header = signed(body)) =>
  post(body, { 'x-webhook-signature': header })

async function rows(id: string) {
  return db.selectFrom('history_records').selectAll().where('id', '=', id).execute()
}

async function stats() {
  return db.selectFrom('history_delivery_stats').selectAll().executeTakeFirstOrThrow()
}

describe('the delivery signature', () => {
  const body = '{"id":"rec-1","event_type":"AML_SCREENING"}'
  // Computed apart from the code (Python's hmac) from the provider's documented scheme.
  const example = 't=1764250000,v1=80310412957062363f1d5828bb014af7bb2c9f0cb8f7e9385b5e11df32ed1b47'

  it("accepts the provider's scheme, and refuses a wrong key", () => {
    const now = 1764250000 + 10
    expect(signature.verifySignature(example, bytes(body), keys(), now)).toEqual({ ok: true })
    expect(
      signature.verifySignature(example, bytes(body), signature.signingKeys([OLD_SECRET]), now),
    ).toEqual({ ok: false, reason: 'bad_signature' })
  })

  it('refuses a timestamp more than 300 s away, either way', () => {
    const now = Math.floor(Date.now() / 1_000)
    const at = (offset: number) =>
      signature.verifySignature(signed(body, SECRET, now + offset), bytes(body), keys(), now)
    expect(at(-299)).toEqual({ ok: true })
    expect(at(-301)).toEqual({ ok: false, reason: 'stale_timestamp' })
    expect(at(301)).toEqual({ ok: false, reason: 'stale_timestamp' })
  })

  it('refuses a body with one byte changed', () => {
    const now = Math.floor(Date.now() / 1_000)
    const changed = body.replace('rec-1', 'rec-2')
    expect(signature.verifySignature(signed(body), bytes(changed), keys(), now)).toEqual({
      ok: false,
      reason: 'bad_signature',
    })
  })

  it('accepts either secret during a rotation, and only the new one after it', () => {
    const now = Math.floor(Date.now() / 1_000)
    const byOld = signed(body, OLD_SECRET)
    expect(signature.verifySignature(byOld, bytes(body), keys(), now)).toEqual({ ok: true })
    expect(signature.verifySignature(signed(body), bytes(body), keys(), now)).toEqual({ ok: true })
    expect(
      signature.verifySignature(byOld, bytes(body), signature.signingKeys([SECRET]), now),
    ).toEqual({ ok: false, reason: 'bad_signature' })
    // A header carrying both signatures, as a provider may send while it rotates.
    const both = `${signed(body, OLD_SECRET)},v1=${signed(body).split('v1=')[1]}`
    expect(
      signature.verifySignature(both, bytes(body), signature.signingKeys([SECRET]), now),
    ).toEqual({ ok: true })
  })

  it('refuses a missing or unreadable header', () => {
    const now = Math.floor(Date.now() / 1_000)
    expect(signature.verifySignature(null, bytes(body), keys(), now)).toEqual({
      ok: false,
      reason: 'missing_signature',
    })
    for (const header of ['v1=abc', `t=${now}`, `t=soon,v1=${'0'.repeat(64)}`, 'sha256=00']) {
      expect(signature.verifySignature(header, bytes(body), keys(), now)).toEqual({
        ok: false,
        reason: 'malformed_signature',
      })
    }
  })
})

describe('POST /api/upstream/webhooks', () => {
  it('stores a signed delivery with its case, and answers once it is committed', async () => {
    const response = await deliver(envelope('hook-1'))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ id: 'hook-1', held: false })
    expect(await rows('hook-1')).toMatchObject([
      { event_type: 'AML_SCREENING', risk: 'High', requested_name: 'Delivered Person' },
    ])
    const cases = await db
      .selectFrom('cases')
      .select('state')
      .where('record_id', '=', 'hook-1')
      .execute()
    expect(cases).toEqual([{ state: 'open' }])
    expect(await stats()).toMatchObject({ received: 1, already_held: 0, refused: 0 })
    expect((await status.deliveryStatus(db)).last).toMatchObject({
      recordId: 'hook-1',
      eventType: 'AML_SCREENING',
    })
  })

  it('refuses a bad or missing signature with 401: nothing stored, counted and listed', async () => {
    const body = envelope('forged-1')
    const forged = await deliver(body, signed(body, `whsec_${'cd'.repeat(32)}`))
    expect(forged.status).toBe(401)
    const unsigned = await post(body)
    expect(unsigned.status).toBe(401)
    expect(await rows('forged-1')).toEqual([])
    expect(
      await db.selectFrom('cases').selectAll().where('record_id', '=', 'forged-1').execute(),
    ).toEqual([])
    const seen = await status.deliveryStatus(db)
    expect(seen).toMatchObject({ received: 0, refused: 2 })
    expect(
      seen.refusals.map((refusal) => [refusal.reason, refusal.status, refusal.count]).sort(),
    ).toEqual([
      ['bad_signature', 401, 1],
      ['missing_signature', 401, 1],
    ])
  })

  it('refuses an unsigned or stale delivery on its headers, never reading its body (#54 item 10)', async () => {
    for (const header of [null, 't=1,v1=zz', signed('{}', SECRET, 1)]) {
      let pulled = 0
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled++
          controller.enqueue(new Uint8Array(1024).fill(0x20))
        },
      })
      const response = await post(stream, header ? { 'x-webhook-signature': header } : {})
      expect(response.status).toBe(401)
      expect(pulled).toBe(0)
    }
  })

  it('counts a flood of refusals in one row per reason, writing no row per refusal', async () => {
    for (let index = 0; index < 30; index++) {
      expect((await post(envelope(`flood-${index}`))).status).toBe(401)
    }
    const counted = await db.selectFrom('history_delivery_refusal_counts').selectAll().execute()
    expect(counted.map((row) => [row.reason, Number(row.count)])).toEqual([
      ['missing_signature', 30],
    ])
    expect((await stats()).refused).toBe(30)
  })

  it('refuses a signed body that is no record with an id (400), storing nothing', async () => {
    const body = JSON.stringify({ event_type: 'AML_SCREENING', payload: {} })
    const response = await deliver(body)
    expect(response.status).toBe(400)
    expect(await db.selectFrom('history_records').selectAll().execute()).toEqual([])
    expect((await stats()).refused).toBe(1)
  })

  it('stops reading a body at the cap and answers 413', async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(0x20)
    let pulled = 0
    // Twenty megabytes offered, without a length: read as it streams.
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 20) return controller.close()
        pulled++
        controller.enqueue(chunk)
      },
    })
    const response = await post(stream, { 'x-webhook-signature': signed('{}') })
    expect(response.status).toBe(413)
    expect(pulled).toBeLessThan(10)
    expect(await stats()).toMatchObject({ refused: 1 })
  })
})

describe('deliveries and the poll', () => {
  function serve(history: FakeHistory) {
    fake.handle(historyHandler(history))
    return history
  }

  async function holding() {
    expect(await lease.takeLease(db, 'instance-a', 45)).toBe(true)
    return {
      db,
      holder: 'instance-a',
      pageSize: 10,
      recordCap: 64 * 1024,
      between: async () => {},
    }
  }

  async function backfilled(history: FakeHistory) {
    serve(history)
    const context = await holding()
    while (await sync.backfillPage(context)) await context.between()
    return context
  }

  const mirrored = async () =>
    Number(
      (await db.selectFrom('history_sync_state').select('records').executeTakeFirstOrThrow())
        .records,
    )

  it('a record delivered and then polled is one record, counted once', async () => {
    const history = fakeHistory(screenings(25))
    const context = await backfilled(history)
    const record = screening('both-1', -5)
    expect((await deliver(envelope('both-1'))).status).toBe(200)
    history.records.unshift(record)
    await sync.poll(context)
    expect(await rows('both-1')).toHaveLength(1)
    // The history's copy brings what the delivery did not carry.
    expect((await rows('both-1'))[0]).toMatchObject({ attempts: 1, response_code: '200' })
    expect(await mirrored()).toBe(26)
    expect(
      await db.selectFrom('cases').select('record_id').where('record_id', '=', 'both-1').execute(),
    ).toHaveLength(1)
  })

  it('a record polled and then delivered is one record, and the delivery says it was held', async () => {
    const history = fakeHistory(screenings(25))
    const context = await backfilled(history)
    history.records.unshift(screening('both-2', -5))
    await sync.poll(context)
    // The same content as the history's copy (a different one is refused: below).
    const response = await deliver(envelope('both-2', -5, 'José Álvarez'))
    expect(await response.json()).toEqual({ id: 'both-2', held: true })
    // The delivery's body has no attempts or response code; the history's stay.
    expect(await rows('both-2')).toMatchObject([{ attempts: 1, response_code: '200' }])
    expect(await mirrored()).toBe(26)
    expect(await stats()).toMatchObject({ received: 1, already_held: 1 })
  })

  it('a polled copy that differs replaces the delivered one, withdraws what it changed and reopens the case (#54 item 4)', async () => {
    const history = fakeHistory(screenings(25))
    const context = await backfilled(history)
    // The applicant's two matches were decided false positive on an earlier report.
    const delivered = screening('fix-1', -5, 'Delivered Person')
    const [m1, m2] = delivered.payload.search_response.data
    for (const match of [m1, m2]) {
      const print = printMatch(match)
      await db
        .insertInto('match_decisions')
        .values({
          search_id: 'uuid-earlier',
          match_uuid: match!.uuid,
          applicant_id: 'app-fix-1',
          decision: 'false_positive',
          action: 'set',
          reason: 'Different person: other date of birth',
          user_label: 'ana@verity.test',
          analyst_id: 'https://idp.test ana',
          at: new Date(Date.now() - 86_400_000),
          carried_from: null,
          settles: true,
          fingerprint: print.fingerprint,
          judged: JSON.stringify(print.judged),
          raw_match: JSON.stringify(match),
        })
        .execute()
    }
    // The delivery carries both over, and its case closes itself.
    expect((await deliver(envelope('fix-1'))).status).toBe(200)
    const kase = () =>
      db.selectFrom('cases').selectAll().where('record_id', '=', 'fix-1').executeTakeFirstOrThrow()
    expect((await kase()).state).toBe('closed')
    // The provider's history says m2 is a sanctioned organisation.
    const polled = screening('fix-1', -5, 'Delivered Person')
    polled.payload.search_response.data[1] = {
      uuid: 'm2',
      risk_score: 'Low',
      type: 'Organization',
      tags: ['Sanction'],
    } as (typeof polled.payload.search_response.data)[number]
    history.records.unshift(polled)
    await sync.poll(context)
    const newest = await db
      .selectFrom('match_decisions')
      .select(['match_uuid', 'decision', 'action', 'user_label', 'settles'])
      .where('search_id', '=', 'uuid-fix-1')
      .orderBy('id', 'desc')
      .execute()
    expect(newest[0]).toEqual({
      match_uuid: 'm2',
      decision: 'second_review',
      action: 'overturn',
      user_label: 'Verity',
      settles: false,
    })
    const reopenings = await db
      .selectFrom('match_reopenings')
      .select(['match_uuid', 'changes'])
      .where('search_id', '=', 'uuid-fix-1')
      .execute()
    expect(reopenings.map((row) => row.match_uuid)).toEqual(['m2'])
    expect((reopenings[0]?.changes as { field: string }[]).map((change) => change.field)).toEqual([
      'entity_type',
      'tags',
    ])
    const reopened = await kase()
    expect(reopened.state).toBe('open')
    const events = await db
      .selectFrom('case_events')
      .select(['kind', 'user_label', 'reason'])
      .where('case_id', '=', reopened.id)
      .orderBy('id')
      .execute()
    expect(events.at(-1)).toMatchObject({ kind: 'reopened', user_label: 'Verity' })
    expect(events.at(-1)?.reason).toContain('the provider’s history changed 1 carried-over match')
    // A poll that reads the same copy again changes nothing more.
    await sync.overlap(context)
    expect(
      await db
        .selectFrom('match_decisions')
        .where('search_id', '=', 'uuid-fix-1')
        .select('id')
        .execute(),
    ).toHaveLength(3)
    // The stale delivery sent again is refused and counted; the history's copy stands.
    const stale = await deliver(envelope('fix-1'))
    expect(stale.status).toBe(409)
    const seen = await status.deliveryStatus(db)
    expect(seen.refusals.map((refusal) => [refusal.reason, refusal.status])).toEqual([
      ['differs_from_history', 409],
    ])
  })

  it('a poll reads on past records only deliveries stored, and stores the ones whose delivery was lost', async () => {
    const history = fakeHistory(screenings(25))
    const context = await backfilled(history)
    // Fifteen new records, newest first: the newest ten are delivered, five deliveries are lost.
    const added = Array.from({ length: 15 }, (_, index) => screening(`burst-${index}`, -30 + index))
    history.records.unshift(...added)
    for (const record of added.slice(0, 10)) {
      expect(
        (await deliver(envelope(record.id, -30 + Number(record.id.split('-')[1])))).status,
      ).toBe(200)
    }
    await sync.poll(context)
    for (const record of added) expect(await rows(record.id)).toHaveLength(1)
    expect(await mirrored()).toBe(40)
    expect(await db.selectFrom('history_delivered_unpolled').selectAll().execute()).toEqual([])
  })
})

describe.runIf(postgresBin())('two instances on one PostgreSQL server', () => {
  it('deliver the same records at once, and the poll with them: one row each, counted once', async () => {
    const postgres = await startPostgres()
    const stores = await Promise.all([
      openStore({ dataDir: '', databaseUrl: postgres.url }),
      openStore({ dataDir: '', databaseUrl: postgres.url }),
    ])
    try {
      const [a, b] = stores.map((store) => store.db) as [Kysely<Database>, Kysely<Database>]
      const records = Array.from({ length: 8 }, (_, index) => {
        const record = extract.extractRecord(JSON.parse(envelope(`twice-${index}`, -index)))
        if (!record) throw new Error('no record')
        return record
      })
      const outcomes = await Promise.all(
        records.flatMap((record) => [
          deliveries.storeDelivery(a, record, null),
          deliveries.storeDelivery(b, record, null),
        ]),
      )
      const count = await sql<{ count: string }>`select count(*) from history_records`.execute(a)
      expect(Number(count.rows[0]?.count)).toBe(8)
      expect(outcomes.filter((outcome) => !outcome.held)).toHaveLength(8)
      const counted = await a
        .selectFrom('history_delivery_stats')
        .selectAll()
        .executeTakeFirstOrThrow()
      expect(counted).toMatchObject({ received: 16, already_held: 8 })
      const state = await a
        .selectFrom('history_sync_state')
        .select('records')
        .executeTakeFirstOrThrow()
      expect(Number(state.records)).toBe(8)
      const cases = await sql<{ count: string }>`select count(*) from cases`.execute(a)
      expect(Number(cases.rows[0]?.count)).toBe(8)
    } finally {
      await Promise.all(stores.map((store) => store.close()))
      postgres.stop()
    }
  }, 120_000)
})

describe('without DS_WEBHOOK_SECRET', () => {
  it('answers every method as it answers a POST (#54 item 10)', async () => {
    stubEnv({ DS_WEBHOOK_SECRET: '' })
    const methods = await import('@/app/api/upstream/webhooks/route')
    const url = 'http://127.0.0.1/api/upstream/webhooks'
    const posted = await methods.POST(new Request(url, { method: 'POST', body: '{}' }))
    const expected = [posted.status, await posted.text()]
    for (const method of ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const) {
      const handler = methods[method] as ((request: Request) => Response) | undefined
      expect(handler, method).toBeTypeOf('function')
      const response = handler!(new Request(url, { method }))
      expect([response.status, await response.text()], method).toEqual(expected)
    }
  })

  it('answers 404 and stores nothing', async () => {
    stubEnv({ DS_WEBHOOK_SECRET: '' })
    const { POST } = await import('@/app/api/upstream/webhooks/route')
    const body = envelope('off-1')
    const response = await POST(
      new Request('http://127.0.0.1/api/upstream/webhooks', {
        method: 'POST',
        body,
        headers: { 'x-webhook-signature': signed(body) },
      }),
    )
    expect(response.status).toBe(404)
    expect(await rows('off-1')).toEqual([])
  })
})
