import { randomUUID } from 'node:crypto'

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
import { checkSettleClosing, closeTarget } from '@/lib/cases/rules'
import { parseEnv } from '@/lib/env'
import { signInOnEnv, viewerOf } from '@/tests/unit/helpers/auth-settings'
import { errorOf, stubEnv } from '@/tests/unit/helpers/env'
import {
  amlReports,
  startFakeUpstream,
  type FakeUpstream,
} from '@/tests/unit/helpers/fake-upstream'
import { withAppStore } from '@/tests/unit/helpers/test-store'

/*
 * Four eyes on closing (issue #58): a true match closed by its owner waits for a lead who did not
 * propose it; the server refuses the proposer's confirmation, audits each step and logs it on the
 * case. In a real (embedded) store, with sign-in on and the upstream faked (two matches a report).
 */

const signedIn = vi.hoisted(() => ({ viewer: null as Viewer | null }))
vi.mock('@/lib/auth/session', async () =>
  (await import('@/tests/unit/helpers/session-mock')).sessionMock(signedIn),
)

const ana = viewerOf('ana')
const lea = viewerOf('lea', ['aml-leads'])
const lou = viewerOf('lou', ['aml-leads'])
const MATCHES = ['m-one', 'm-two']

withAppStore()

let fake: FakeUpstream
let modules: Awaited<ReturnType<typeof load>>

async function load() {
  return {
    create: await import('@/lib/cases/create'),
    actions: await import('@/lib/cases/actions'),
    list: await import('@/lib/cases/list'),
    read: await import('@/lib/cases/read'),
    store: await import('@/lib/store/store'),
  }
}

beforeAll(async () => {
  fake = await startFakeUpstream()
  fake.handle(amlReports(MATCHES))
  stubEnv(signInOnEnv(fake.url))
  modules = await load()
})

afterAll(async () => {
  vi.unstubAllEnvs()
  await fake.close()
})

let stdout: MockInstance<typeof process.stdout.write>
beforeEach(() => {
  stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
  return () => stdout.mockRestore()
})

async function db() {
  return (await modules.store.getStore()).db
}

/** A screening case owned by ana whose first match is a confirmed true match. */
async function trueMatchCase() {
  const now = new Date()
  const id = randomUUID()
  await (
    await db()
  )
    .insertInto('history_records')
    .values({
      id,
      event_type: 'AML_SCREENING',
      search_uuid: randomUUID(),
      risk: 'High',
      match_count: 2,
      at: now,
      payload_state: 'ok',
      error_codes: [],
      first_seen_at: now,
      updated_at: now,
    })
    .execute()
  const [caseId] = await modules.create.createCasesForNewRecords(await db(), [id])
  const row = await modules.read.caseRow(await db(), caseId!)
  const decide = (match: string, decision: string, action: string, who: string) =>
    db().then((store) =>
      store
        .insertInto('match_decisions')
        .values({
          search_id: row!.resource_id,
          match_uuid: match,
          applicant_id: null,
          decision,
          action,
          reason: 'Decided in the test',
          user_label: `${who}@verity.test`,
          analyst_id: `https://idp.test ${who}`,
          settles: action === 'confirm' || decision === 'false_positive',
          at: new Date(),
          carried_from: null,
        })
        .execute(),
    )
  await decide('m-one', 'true_match', 'set', 'ana')
  await decide('m-one', 'true_match', 'confirm', 'ben')
  await decide('m-two', 'false_positive', 'set', 'ana')
  await act(ana, caseId!, { action: 'claim' })
  return caseId!
}

/** One action by `viewer`, signed in as them (the report's matches are read as the viewer). */
async function act(
  viewer: Viewer,
  id: number,
  action: Parameters<typeof modules.actions.actOnCase>[3],
) {
  signedIn.viewer = viewer
  return modules.actions.actOnCase(await db(), viewer, id, action)
}

const closeAsTrueMatch = {
  action: 'close',
  outcome: 'true_match',
  reason: 'The sanctioned person is our applicant.',
} as const

async function trail(caseId: number) {
  return (await db())
    .selectFrom('audit_events')
    .select(['analyst_id', 'field', 'outcome', 'reason'])
    .where('resource_type', '=', 'case')
    .where('resource_id', '=', String(caseId))
    .orderBy('id')
    .execute()
}

describe('four eyes on closing', () => {
  it('holds a true match closed by its owner until a lead who did not propose it confirms', async () => {
    const id = await trueMatchCase()
    const proposed = await act(ana, id, closeAsTrueMatch)
    expect(proposed).toMatchObject({
      state: 'awaiting_closure',
      outcome: null,
      proposal: { outcome: 'true_match', byId: 'https://idp.test ana' },
    })
    const due = proposed.dueAt
    const { cases } = await modules.list.listCases(
      await db(),
      'https://idp.test lea',
      (await import('@/lib/cases/views')).caseListParams.parse({ view: 'awaiting-closure' }),
    )
    expect(cases.map((kase) => kase.id)).toContain(id)

    await expect(act(ana, id, { action: 'confirm_close' })).rejects.toMatchObject({
      status: 403,
      detail: 'Only a lead may confirm a proposed closing.',
    })

    const closed = await act(lea, id, { action: 'confirm_close' })
    expect(closed).toMatchObject({
      state: 'closed',
      outcome: 'true_match',
      closeReason: closeAsTrueMatch.reason,
      proposal: null,
      dueAt: due,
    })
    const events = await (
      await db()
    )
      .selectFrom('case_events')
      .select(['kind', 'analyst_id', 'to_state'])
      .where('case_id', '=', id)
      .orderBy('id')
      .execute()
    expect(events.slice(-2)).toEqual([
      { kind: 'close_proposed', analyst_id: 'https://idp.test ana', to_state: 'awaiting_closure' },
      { kind: 'closure_confirmed', analyst_id: 'https://idp.test lea', to_state: 'closed' },
    ])
    const audited = await trail(id)
    expect(audited.map((row) => [row.analyst_id, row.field, row.outcome])).toEqual(
      expect.arrayContaining([
        ['https://idp.test ana', 'close_proposed', 'ok'],
        ['https://idp.test ana', 'confirm_close', 'refused'],
        ['https://idp.test lea', 'closure_confirmed', 'ok'],
      ]),
    )
  })

  it("refuses a lead's confirmation of their own proposal, and lets another lead send it back", async () => {
    const id = await trueMatchCase()
    await modules.actions
      .actOnCase(await db(), lea, id, { action: 'assign', analystId: 'https://idp.test lea' })
      .catch(() => undefined)
    await act(lea, id, closeAsTrueMatch)
    await expect(act(lea, id, { action: 'confirm_close' })).rejects.toMatchObject({
      status: 403,
      detail: 'You proposed this closing: another lead must confirm it.',
    })
    await expect(
      act(lea, id, {
        action: 'return',
        reason: 'Sending my own proposal back.',
      }),
    ).rejects.toMatchObject({ status: 403 })
    const back = await act(lou, id, {
      action: 'return',
      reason: 'The second match needs a closer look.',
    })
    expect(back).toMatchObject({ state: 'in_review', outcome: null, proposal: null })
    const events = await (
      await db()
    )
      .selectFrom('case_events')
      .select(['kind', 'reason'])
      .where('case_id', '=', id)
      .orderBy('id', 'desc')
      .limit(1)
      .execute()
    expect(events).toEqual([
      { kind: 'closure_returned', reason: 'The second match needs a closer look.' },
    ])
  })

  it('closes at once an outcome four eyes do not name (no action needed by default)', async () => {
    const id = await trueMatchCase()
    const closed = await act(ana, id, {
      action: 'close',
      outcome: 'no_action_needed',
      reason: 'Nothing for us to do here.',
    })
    expect(closed).toMatchObject({ state: 'closed', outcome: 'no_action_needed', proposal: null })
  })
})

describe('the closure rule', () => {
  it('holds the outcomes CASE_CLOSE_FOUR_EYES names, true matches when unset', () => {
    const env = (value?: string) =>
      parseEnv({
        ...signInOnEnv(),
        ...(value === undefined ? {} : { CASE_CLOSE_FOUR_EYES: value }),
      }).CASE_CLOSE_FOUR_EYES as ('true_match' | 'false_positive' | 'no_action_needed')[]
    expect(closeTarget('true_match', env())).toBe('awaiting_closure')
    expect(closeTarget('false_positive', env())).toBe('closed')
    expect(closeTarget('false_positive', env('all'))).toBe('awaiting_closure')
    expect(closeTarget('no_action_needed', env('all'))).toBe('awaiting_closure')
    expect(closeTarget('true_match', env('off'))).toBe('closed')
    expect(closeTarget('false_positive', env('true_match,false_positive'))).toBe('awaiting_closure')
    expect(errorOf({ ...signInOnEnv(), CASE_CLOSE_FOUR_EYES: 'maybe' })).toContain(
      'CASE_CLOSE_FOUR_EYES',
    )
  })

  it('lets only a lead who did not propose settle a closing', () => {
    const proposer = 'https://idp.test ana'
    expect(checkSettleClosing({ id: proposer, lead: false }, proposer, 'confirm_close').ok).toBe(
      false,
    )
    expect(checkSettleClosing({ id: 'x', lead: false }, proposer, 'confirm_close').ok).toBe(false)
    expect(checkSettleClosing({ id: proposer, lead: true }, proposer, 'return').ok).toBe(false)
    expect(checkSettleClosing({ id: 'lea', lead: true }, proposer, 'confirm_close')).toEqual({
      ok: true,
    })
  })
})
