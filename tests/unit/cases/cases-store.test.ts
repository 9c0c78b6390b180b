import { createHash, randomUUID } from 'node:crypto'

import { sql } from 'kysely'
import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from 'vitest'

import type { Viewer } from '@/lib/auth/viewer'
import { caseListParams } from '@/lib/cases/views'
import { signInOnEnv, viewerOf } from '@/tests/unit/helpers/auth-settings'
import { stubEnv } from '@/tests/unit/helpers/env'
import {
  amlReports,
  startFakeUpstream,
  type FakeUpstream,
} from '@/tests/unit/helpers/fake-upstream'
import { withAppStore } from '@/tests/unit/helpers/test-store'

/*
 * Cases in a real (embedded) store: made from mirrored records, taken, claimed, assigned, moved
 * and closed through the same functions the routes call, with sign-in on (so being a lead is a
 * group) and the upstream faked: every AML report has the same two matches.
 */

const signedIn = vi.hoisted(() => ({ viewer: null as Viewer | null }))
vi.mock('@/lib/auth/session', async () =>
  (await import('@/tests/unit/helpers/session-mock')).sessionMock(signedIn),
)

const ana = viewerOf('ana')
const ben = viewerOf('ben')
const lea = viewerOf('lea', ['aml-leads'])
const MATCHES = ['m-one', 'm-two']

withAppStore()

let fake: FakeUpstream
let modules: Awaited<ReturnType<typeof load>>

async function load() {
  return {
    create: await import('@/lib/cases/create'),
    actions: await import('@/lib/cases/actions'),
    takeNext: await import('@/lib/cases/take-next'),
    bulk: await import('@/lib/cases/bulk'),
    list: await import('@/lib/cases/list'),
    store: await import('@/lib/store/store'),
    notes: await import('@/lib/notes/notes'),
    decisions: await import('@/lib/review/record-decision'),
    service: await import('@/lib/cases/service'),
  }
}

beforeAll(async () => {
  fake = await startFakeUpstream()
  fake.handle(amlReports(MATCHES))
  stubEnv({
    ...signInOnEnv(fake.url),
    CASE_SLA_HOURS: 'High=24,Medium=72,failed_verification=48',
  })
  modules = await load()
})

afterAll(async () => {
  vi.unstubAllEnvs()
  await fake.close()
})

async function db() {
  return (await modules.store.getStore()).db
}

// The audit trail's log lines, which each test keeps out of the output.
let stdout: MockInstance<typeof process.stdout.write>

beforeEach(async () => {
  signedIn.viewer = ana
  stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
  // Each test starts from an empty queue: cases are kept, but none is left unclaimed and open.
  await sql`update cases set state = 'closed', outcome = 'no_action_needed', version = version + 1
    where state <> 'closed'`.execute(await db())
  return () => stdout.mockRestore()
})

type Kind = {
  risk?: 'High' | 'Medium' | 'Low'
  matches?: number
  failed?: boolean
  at?: Date
  name?: string
  applicant?: string
}

/** Mirrored records as the history mirror stores them; returns their ids. */
async function mirror(...kinds: Kind[]) {
  const now = new Date()
  const rows = kinds.map((kind) => {
    const id = randomUUID()
    return kind.failed
      ? { id, event_type: 'DOCVER', short_id: `V${id.slice(0, 8).toUpperCase()}`, status: 'failed' }
      : {
          id,
          event_type: 'AML_SCREENING',
          search_uuid: randomUUID(),
          risk: kind.risk ?? 'High',
          match_count: kind.matches ?? 2,
        }
  })
  await (
    await db()
  )
    .insertInto('history_records')
    .values(
      rows.map((row, index) => ({
        ...row,
        at: kinds[index]?.at ?? now,
        requested_name: kinds[index]?.name ?? null,
        applicant_id: kinds[index]?.applicant ?? null,
        payload_state: 'ok' as const,
        error_codes: [],
        first_seen_at: now,
        updated_at: now,
      })),
    )
    .execute()
  return rows.map((row) => row.id)
}

async function caseOf(recordId: string) {
  return (await db())
    .selectFrom('cases')
    .selectAll()
    .where('record_id', '=', recordId)
    .executeTakeFirstOrThrow()
}

async function decide(searchId: string, matchUuid: string, decision: string, action = 'set') {
  await (
    await db()
  )
    .insertInto('match_decisions')
    .values({
      search_id: searchId,
      match_uuid: matchUuid,
      applicant_id: null,
      decision,
      action,
      reason: 'Decided in the test',
      user_label: 'ana@verity.test',
      analyst_id: 'https://idp.test ana',
      settles: action === 'confirm' || action === 'overturn' || decision === 'false_positive',
      at: new Date(),
      carried_from: null,
    })
    .execute()
}

describe('making cases from the mirror', () => {
  it('makes one case per queue item, due by CASE_SLA_HOURS, once however often it runs', async () => {
    const now = new Date()
    const ids = await mirror(
      { risk: 'High' },
      { risk: 'Medium' },
      { failed: true },
      { risk: 'Low' },
      { matches: 0 },
    )
    const made = await modules.create.createCasesForNewRecords(await db(), ids, now)
    expect(made).toHaveLength(3)
    const hours = async (id: string) => {
      const row = await caseOf(id)
      return (row.due_at.getTime() - now.getTime()) / 3_600_000
    }
    expect(await hours(ids[0]!)).toBe(24)
    expect(await hours(ids[1]!)).toBe(72)
    expect(await hours(ids[2]!)).toBe(48)
    expect(await modules.create.createCasesForNewRecords(await db(), ids)).toEqual([])
    const events = await (
      await db()
    )
      .selectFrom('case_events')
      .select('kind')
      .where('case_id', 'in', made)
      .execute()
    expect(events.map((event) => event.kind)).toEqual(['created', 'created', 'created'])
  })

  it('audits each case made once, the cases of one call under one request id', async () => {
    const first = await modules.create.createCasesForNewRecords(await db(), await mirror({}, {}))
    const second = await modules.create.createCasesForNewRecords(await db(), await mirror({}))
    const audited = await (
      await db()
    )
      .selectFrom('audit_events')
      .select(['resource_id', 'request_id', 'user_label'])
      .where('action', '=', 'case')
      .where('field', '=', 'created')
      .where('resource_id', 'in', [...first, ...second].map(String))
      .orderBy('id')
      .execute()
    const byNumber = (a: number, b: number) => a - b
    expect(audited.map((row) => Number(row.resource_id)).sort(byNumber)).toEqual(
      [...first, ...second].sort(byNumber),
    )
    expect(new Set(audited.map((row) => row.user_label))).toEqual(new Set(['history mirror']))
    const requestOf = (id: number) =>
      audited.find((row) => Number(row.resource_id) === id)?.request_id
    expect(requestOf(first[0]!)).toBe(requestOf(first[1]!))
    expect(requestOf(second[0]!)).not.toBe(requestOf(first[0]!))
  })

  it('makes a case once when two instances run at the same moment', async () => {
    const ids = await mirror({}, {}, {})
    const [a, b] = await Promise.all([
      modules.create.createCasesForNewRecords(await db(), ids),
      modules.create.createCasesForNewRecords(await db(), ids),
    ])
    expect([...a, ...b]).toHaveLength(3)
  })
})

describe('ownership', () => {
  it('takes the oldest unclaimed case of the highest risk, and refuses once none is left', async () => {
    const old = new Date(Date.now() - 3_600_000)
    const ids = await mirror({ risk: 'Medium', at: old }, { failed: true }, { risk: 'High' })
    await modules.create.createCasesForNewRecords(await db(), ids)
    const order = []
    for (let i = 0; i < 3; i++)
      order.push((await modules.takeNext.takeNext(await db(), ana)).recordId)
    expect(order).toEqual([ids[2], ids[1], ids[0]])
    await expect(modules.takeNext.takeNext(await db(), ana)).rejects.toMatchObject({
      status: 409,
      detail: 'Every active case has an owner: there is nothing to take.',
    })
  })

  it("counts a case's age, order and due date from its record's time, not from its making", async () => {
    const now = new Date()
    const monthsAgo = new Date(now.getTime() - 90 * 86_400_000)
    const hourAgo = new Date(now.getTime() - 3_600_000)
    // A backfill meets the newest records first: the old screening's case is made last.
    const [newest] = await mirror({ risk: 'High', at: hourAgo })
    await modules.create.createCasesForNewRecords(await db(), [newest!], now)
    const [oldest] = await mirror({ risk: 'High', at: monthsAgo })
    await modules.create.createCasesForNewRecords(
      await db(),
      [oldest!],
      new Date(now.getTime() + 1),
    )
    const oldCase = await caseOf(oldest!)
    expect(oldCase.clock_at).toEqual(monthsAgo)
    expect(oldCase.due_at).toEqual(new Date(monthsAgo.getTime() + 24 * 3_600_000))
    const overdue = await modules.list.listCases(await db(), 'x', {
      view: 'overdue',
      sort: 'age',
      page: 1,
    })
    expect(overdue.cases.map((kase) => kase.recordId)).toEqual([oldest])
    expect(overdue.cases[0]?.since).toBe(monthsAgo.toISOString())
    expect((await modules.takeNext.takeNext(await db(), ana)).recordId).toBe(oldest)
    expect((await modules.takeNext.takeNext(await db(), ana)).recordId).toBe(newest)
  })

  it('lists a screening case with its matches reviewed of total, a verification without', async () => {
    const [screening, verification] = await mirror({ risk: 'High', matches: 2 }, { failed: true })
    await modules.create.createCasesForNewRecords(await db(), [screening!, verification!])
    await decide((await caseOf(screening!)).resource_id, 'm-one', 'false_positive')
    const listed = await modules.list.listCases(await db(), 'x', {
      view: 'unassigned',
      sort: 'due',
      page: 1,
    })
    const row = (id: string) => listed.cases.find((kase) => kase.recordId === id)
    expect(row(screening!)).toMatchObject({ matches: 2, reviewed: 1, awaiting: 0 })
    expect(row(verification!)).toMatchObject({ matches: null, reviewed: null, awaiting: null })
  })

  it('opens on every case not closed, waiting ones included, its count what it lists', async () => {
    const [screening, verification, waiting, closed] = await mirror(
      { risk: 'High' },
      { failed: true },
      { risk: 'Medium' },
      { risk: 'Medium' },
    )
    await modules.create.createCasesForNewRecords(await db(), [
      screening!,
      verification!,
      waiting!,
      closed!,
    ])
    await sql`update cases set state = 'waiting', snoozed_until = now() + interval '2 days'
      where record_id = ${waiting}`.execute(await db())
    await sql`update cases set state = 'closed', outcome = 'no_action_needed'
      where record_id = ${closed}`.execute(await db())
    const open = async (filters: Record<string, string> = {}) => {
      const params = caseListParams.parse(filters)
      const listed = await modules.list.listCases(await db(), 'x', params)
      return { listed, ids: listed.cases.map((kase) => kase.recordId) }
    }
    const { listed, ids } = await open()
    expect(ids).toEqual(expect.arrayContaining([screening, verification, waiting]))
    expect(ids).not.toContain(closed)
    expect(listed.total).toBe(listed.counts.open)
    expect(listed.counts.open).toBe(listed.counts.all - listed.counts.closed)
    // Waiting until later: open, but out of the unassigned view until the snooze ends.
    expect(listed.counts.unassigned).toBeLessThan(listed.counts.open)
    expect((await open({ kind: 'failed_verification' })).ids).toContain(verification)
    expect((await open({ kind: 'failed_verification' })).ids).not.toContain(screening)
    expect((await open({ kind: 'screening', risk: 'High' })).ids).toContain(screening)
    expect((await open({ kind: 'screening', risk: 'High' })).ids).not.toContain(waiting)
  })

  it("filters cases by their record's day, environment and webhook, as analytics counts them", async () => {
    const [early, late] = await mirror(
      { risk: 'High', at: new Date('2026-10-01T10:00:00Z') },
      { risk: 'High', at: new Date('2026-10-10T10:00:00Z') },
    )
    await modules.create.createCasesForNewRecords(await db(), [early!, late!])
    const webhook = randomUUID()
    await sql`update history_records set is_sandbox = true, webhook_id = ${webhook}
      where id = ${late}`.execute(await db())
    const listed = async (filters: Record<string, string>) =>
      (
        await modules.list.listCases(await db(), 'x', {
          view: 'all',
          sort: 'due',
          page: 1,
          ...filters,
        })
      ).cases
        .map((kase) => kase.recordId)
        .filter((id) => id === early || id === late)
    expect(await listed({ from: '2026-10-05' })).toEqual([late])
    expect(await listed({ to: '2026-10-01' })).toEqual([early])
    expect(await listed({ env: 'sandbox' })).toEqual([late])
    expect(await listed({ env: 'live' })).toEqual([])
    expect(await listed({ webhook_id: webhook })).toEqual([late])
  })

  it('lists closed cases after open ones in every sort', async () => {
    const ids = await mirror({ risk: 'High' }, { risk: 'Medium' })
    await modules.create.createCasesForNewRecords(await db(), ids)
    await sql`update cases set state = 'closed', outcome = 'no_action_needed',
      due_at = due_at - interval '30 days' where record_id = ${ids[0]}`.execute(await db())
    for (const sort of ['due', 'age'] as const) {
      const all = await modules.list.listCases(await db(), 'x', { view: 'all', sort, page: 1 })
      const mine = all.cases.filter((kase) => ids.some((id) => id === kase.recordId))
      expect(mine.map((kase) => kase.recordId)).toEqual([ids[1], ids[0]])
      expect(all.cases.at(-1)?.state).toBe('closed')
      expect(all.cases[0]?.state).not.toBe('closed')
    }
  })

  it('lets one of two simultaneous claims win and tells the other who has the case', async () => {
    const [id] = await mirror({})
    await modules.create.createCasesForNewRecords(await db(), [id!])
    const kase = await caseOf(id!)
    const results = await Promise.allSettled([
      modules.actions.actOnCase(await db(), ana, kase.id, { action: 'claim' }),
      modules.actions.actOnCase(await db(), ben, kase.id, { action: 'claim' }),
    ])
    const won = results.filter((result) => result.status === 'fulfilled')
    const lost = results.filter((result) => result.status === 'rejected')
    expect(won).toHaveLength(1)
    expect(lost).toHaveLength(1)
    const winner = (await caseOf(id!)).owner_label
    expect((lost[0] as PromiseRejectedResult).reason).toMatchObject({
      status: 409,
      detail: `${winner} has already claimed this case.`,
    })
  })

  it('lets only a lead reassign', async () => {
    const [id] = await mirror({})
    await modules.create.createCasesForNewRecords(await db(), [id!])
    const kase = await caseOf(id!)
    await modules.actions.actOnCase(await db(), ana, kase.id, { action: 'claim' })
    const benId = 'https://idp.test ben'
    // ben becomes a known analyst by owning a case.
    const [other] = await mirror({})
    await modules.create.createCasesForNewRecords(await db(), [other!])
    await modules.actions.actOnCase(await db(), ben, (await caseOf(other!)).id, { action: 'claim' })

    await expect(
      modules.actions.actOnCase(await db(), ana, kase.id, { action: 'assign', analystId: benId }),
    ).rejects.toMatchObject({ status: 403, detail: 'Only a lead may assign or reassign a case.' })
    const assigned = await modules.actions.actOnCase(await db(), lea, kase.id, {
      action: 'assign',
      analystId: benId,
    })
    expect(assigned).toMatchObject({ ownerId: benId, ownerLabel: 'ben@verity.test' })
    const events = await (
      await db()
    )
      .selectFrom('case_events')
      .select(['kind', 'user_label', 'owner_label'])
      .where('case_id', '=', kase.id)
      .orderBy('id')
      .execute()
    expect(events).toEqual([
      { kind: 'created', user_label: 'history mirror', owner_label: null },
      { kind: 'claimed', user_label: 'ana@verity.test', owner_label: 'ana@verity.test' },
      { kind: 'assigned', user_label: 'lea@verity.test', owner_label: 'ben@verity.test' },
    ])
    const audited = await (
      await db()
    )
      .selectFrom('audit_events')
      .select(['field', 'outcome', 'user_label'])
      .where('action', '=', 'case')
      .where('resource_id', '=', String(kase.id))
      .orderBy('id')
      .execute()
    expect(audited).toEqual([
      { field: 'created', outcome: 'ok', user_label: 'history mirror' },
      { field: 'claimed', outcome: 'ok', user_label: 'ana@verity.test' },
      { field: 'assign', outcome: 'refused', user_label: 'ana@verity.test' },
      { field: 'assigned', outcome: 'ok', user_label: 'lea@verity.test' },
    ])
  })
})

describe('closing', () => {
  it('closes as false positive only once every match has a standing false positive', async () => {
    const [id] = await mirror({})
    await modules.create.createCasesForNewRecords(await db(), [id!])
    const kase = await caseOf(id!)
    const close = {
      action: 'close',
      outcome: 'false_positive',
      reason: 'Nobody on the lists.',
    } as const
    await decide(kase.resource_id, 'm-one', 'false_positive')
    await decide(kase.resource_id, 'm-two', 'true_match')
    await expect(modules.actions.actOnCase(await db(), ana, kase.id, close)).rejects.toMatchObject({
      status: 409,
      detail: 'Cannot close as false positive: awaiting a second analyst on m-two.',
    })
    await decide(kase.resource_id, 'm-two', 'false_positive', 'overturn')
    const closed = await modules.actions.actOnCase(await db(), ana, kase.id, close)
    expect(closed).toMatchObject({ state: 'closed', outcome: 'false_positive' })
    await expect(
      modules.actions.actOnCase(await db(), ana, kase.id, { action: 'resume' }),
    ).rejects.toMatchObject({ status: 409 })
  })

  it('closes in bulk the cases that may close and says why the others did not', async () => {
    const ids = await mirror({}, {}, { failed: true })
    await modules.create.createCasesForNewRecords(await db(), ids)
    const cases = await Promise.all(ids.map((id) => caseOf(id)))
    for (const uuid of MATCHES) await decide(cases[0]!.resource_id, uuid, 'false_positive')
    const { results } = await modules.bulk.bulkAct(await db(), ana, {
      ids: cases.map((kase) => kase.id),
      action: 'close_false_positive',
      reason: 'Screened name differs in every match.',
    })
    expect(results).toEqual([
      { id: cases[0]!.id, ok: true, detail: 'Done' },
      {
        id: cases[1]!.id,
        ok: false,
        detail: 'Cannot close as false positive: no decision on m-one, m-two.',
      },
      { id: cases[2]!.id, ok: true, detail: 'Done' },
    ])
  })
})

describe('the record of a case', () => {
  it("logs a note added and a decision recorded on the case's report, audited", async () => {
    const [id] = await mirror({})
    await modules.create.createCasesForNewRecords(await db(), [id!])
    const kase = await caseOf(id!)
    await modules.notes.addNote(
      { type: 'aml_search', id: kase.resource_id.toUpperCase() },
      'Rang the customer.',
    )
    await modules.decisions.recordDecision({
      searchId: kase.resource_id,
      matchUuid: 'm-one',
      subject: null,
      decision: 'false_positive',
      action: 'set',
      reason: 'Born twenty years apart.',
    })
    const events = await (
      await db()
    )
      .selectFrom('case_events')
      .select(['kind', 'user_label', 'reason'])
      .where('case_id', '=', kase.id)
      .orderBy('id')
      .execute()
    expect(events.map((event) => event.kind)).toEqual([
      'created',
      'note_added',
      'decision_recorded',
    ])
    expect(events[2]).toEqual({
      kind: 'decision_recorded',
      user_label: 'ana@verity.test',
      reason: 'False positive on match m-one (set)',
    })
    const audited = await (
      await db()
    )
      .selectFrom('audit_events')
      .select(['field', 'outcome'])
      .where('action', '=', 'case')
      .where('resource_id', '=', String(kase.id))
      .orderBy('id')
      .execute()
    expect(audited.map((row) => row.field)).toEqual(['created', 'note_added', 'decision_recorded'])
    expect(JSON.stringify(audited)).not.toContain('Born twenty years')
  })
})

describe('views', () => {
  it("shows the applicant's name beside each case, a failed verification's from its screening", async () => {
    const applicant = randomUUID()
    const ids = await mirror(
      { risk: 'High', name: 'Maria Alvarez', applicant },
      { failed: true, applicant },
      { failed: true },
    )
    await modules.create.createCasesForNewRecords(await db(), ids)
    const { cases } = await modules.list.listCases(await db(), 'https://idp.test ana', {
      view: 'unassigned',
      sort: 'due',
      page: 1,
    })
    const names = ids.map((id) => cases.find((kase) => kase.recordId === id)?.name)
    expect(names).toEqual(['Maria Alvarez', 'Maria Alvarez', null])
    const taken = await modules.takeNext.takeNext(await db(), ana)
    expect(taken).toMatchObject({ recordId: ids[0], name: 'Maria Alvarez' })
  })

  it('moves a snoozed case out of the active views and back when the snooze ends', async () => {
    const [id] = await mirror({})
    await modules.create.createCasesForNewRecords(await db(), [id!])
    const kase = await caseOf(id!)
    await modules.actions.actOnCase(await db(), ana, kase.id, { action: 'claim' })
    const until = new Date(Date.now() + 3_600_000)
    await modules.actions.actOnCase(await db(), ana, kase.id, {
      action: 'wait',
      until: until.toISOString(),
    })
    const params = { view: 'mine', sort: 'due', page: 1 } as const
    const me = 'https://idp.test ana'
    const during = await modules.list.listCases(await db(), me, params)
    expect(during.cases.map((row) => row.id)).not.toContain(kase.id)
    expect(
      (await modules.list.listCases(await db(), me, { ...params, view: 'waiting' })).cases.map(
        (row) => row.id,
      ),
    ).toContain(kase.id)
    const after = await modules.list.listCases(
      await db(),
      me,
      params,
      new Date(until.getTime() + 1000),
    )
    expect(after.cases.map((row) => row.id)).toContain(kase.id)
    expect(after.counts.mine).toBe(during.counts.mine + 1)
  })
})

describe('reading cases', () => {
  async function viewRows(since: number) {
    return (await db())
      .selectFrom('audit_events')
      .select(['resource_type', 'resource_id', 'outcome', 'user_label'])
      .where('action', '=', 'view')
      .where('id', '>', since)
      .orderBy('id')
      .execute()
  }
  async function lastId() {
    const row = await (
      await db()
    )
      .selectFrom('audit_events')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow()
    return Number(row.id ?? 0)
  }

  it('audits every read of a case, of a case view and of a case that is not there', async () => {
    const [id] = await mirror({ name: 'Maria Alvarez' })
    await modules.create.createCasesForNewRecords(await db(), [id!])
    const kase = await caseOf(id!)
    const since = await lastId()
    await modules.service.loadQueue({ view: 'unassigned', sort: 'due', page: 1 })
    await modules.service.caseForApi(kase.id)
    await modules.service.loadCaseFor('aml_search', kase.resource_id)
    await expect(modules.service.caseForApi(999_999_999)).rejects.toMatchObject({ status: 404 })
    expect(await viewRows(since)).toEqual([
      {
        resource_type: 'queue',
        resource_id: 'view=unassigned&sort=due',
        outcome: 'ok',
        user_label: 'ana@verity.test',
      },
      {
        resource_type: 'case',
        resource_id: String(kase.id),
        outcome: 'ok',
        user_label: 'ana@verity.test',
      },
      {
        resource_type: 'case',
        resource_id: String(kase.id),
        outcome: 'ok',
        user_label: 'ana@verity.test',
      },
      {
        resource_type: 'case',
        resource_id: '999999999',
        outcome: 'not_found',
        user_label: 'ana@verity.test',
      },
    ])
  })

  it('lets only a lead filter the cases by owner, and audits the refusal', async () => {
    const params = { view: 'all', owner: 'https://idp.test ben', sort: 'due', page: 1 } as const
    const since = await lastId()
    await expect(modules.service.loadQueue(params)).rejects.toMatchObject({
      status: 403,
      detail: 'Only a lead can filter the cases by owner.',
    })
    signedIn.viewer = lea
    await expect(modules.service.loadQueue(params)).resolves.toMatchObject({
      viewer: { lead: true },
    })
    expect((await viewRows(since)).map((row) => [row.user_label, row.outcome])).toEqual([
      ['ana@verity.test', 'denied'],
      ['lea@verity.test', 'ok'],
    ])
  })
})

describe('case reasons', () => {
  it('keeps the words of a reason in the event log and only their SHA-256 in the trail', async () => {
    const [id] = await mirror({})
    await modules.create.createCasesForNewRecords(await db(), [id!])
    const kase = await caseOf(id!)
    const reasons = {
      escalate: 'Called ana.perez@example.com on +44 20 7946 0958.',
      close: 'Confirmed by ana.perez@example.com: no action.',
      reopen: 'New document from +44 20 7946 0958 arrived.',
    }
    stdout.mockClear()
    await modules.actions.actOnCase(await db(), ana, kase.id, {
      action: 'escalate',
      reason: reasons.escalate,
    })
    await modules.actions.actOnCase(await db(), ana, kase.id, {
      action: 'close',
      outcome: 'no_action_needed',
      reason: reasons.close,
    })
    await modules.actions.actOnCase(await db(), ana, kase.id, {
      action: 'reopen',
      reason: reasons.reopen,
    })
    const digest = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`
    const audited = await (
      await db()
    )
      .selectFrom('audit_events')
      .select(['field', 'reason'])
      .where('action', '=', 'case')
      .where('resource_id', '=', String(kase.id))
      .where('field', 'in', ['escalated', 'closed', 'reopened'])
      .orderBy('id')
      .execute()
    expect(audited).toEqual([
      { field: 'escalated', reason: `escalated; reason ${digest(reasons.escalate)}` },
      { field: 'closed', reason: `closed as no action needed; reason ${digest(reasons.close)}` },
      { field: 'reopened', reason: `reopened; reason ${digest(reasons.reopen)}` },
    ])
    const lines = stdout.mock.calls.map(([line]) => String(line)).join('')
    expect(lines).toContain(digest(reasons.close))
    for (const words of ['ana.perez@example.com', '7946 0958']) {
      expect(JSON.stringify(audited)).not.toContain(words)
      expect(lines).not.toContain(words)
    }
    const events = await (
      await db()
    )
      .selectFrom('case_events')
      .select('reason')
      .where('case_id', '=', kase.id)
      .where('kind', 'in', ['escalated', 'closed', 'reopened'])
      .orderBy('id')
      .execute()
    expect(events.map((event) => event.reason)).toEqual(Object.values(reasons))
  })
})
