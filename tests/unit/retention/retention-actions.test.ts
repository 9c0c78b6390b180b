import { NextRequest } from 'next/server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type { Viewer } from '@/lib/auth/viewer'
import { signInOnEnv, viewerOf } from '@/tests/unit/helpers/auth-settings'
import { stubEnv } from '@/tests/unit/helpers/env'
import { withAppStore } from '@/tests/unit/helpers/test-store'

/*
 * What a lead does about retention (#57), through the commands the routes call: the end of a
 * relationship and its withdrawal, legal holds, erasure requests and the subject access export,
 * each refused to an analyst, each bad input answered 400 naming the field, each audited without
 * the reason's words; and the end recorded by the deployment's systems with the bearer token.
 */

const signedIn = vi.hoisted(() => ({ viewer: null as Viewer | null }))
vi.mock('@/lib/auth/session', async () =>
  (await import('@/tests/unit/helpers/session-mock')).sessionMock(signedIn),
)

const ana = viewerOf('ana')
const lea = viewerOf('lea', ['aml-leads'])
const TOKEN = 'a-retention-api-token-of-at-least-32-chars'

withAppStore()

let modules: Awaited<ReturnType<typeof load>>
async function load() {
  return {
    actions: await import('@/lib/retention/actions'),
    contract: await import('@/lib/retention/contract'),
    views: await import('@/lib/retention/views'),
    access: await import('@/lib/retention/subject-access'),
    store: await import('@/lib/store/store'),
    route: await import('@/app/api/applicants/[applicant_id]/relationship/route'),
  }
}

beforeAll(async () => {
  stubEnv({ ...signInOnEnv(), RETENTION_API_TOKEN: TOKEN, AUDIT_STDOUT: 'off' })
  modules = await load()
})

afterAll(() => vi.unstubAllEnvs())

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

async function seed(
  applicant: string,
  options: { daysAgo: number; verified?: boolean; sandbox?: boolean },
) {
  const { db } = await modules.store.getStore()
  const at = new Date(Date.now() - options.daysAgo * 86_400_000)
  await db
    .insertInto('history_records')
    .values([
      {
        id: `${applicant}-1`,
        webhook_id: 'wh',
        event_type: 'DOCVER',
        at,
        payload_state: 'ok',
        applicant_id: applicant,
        short_id: `V${applicant.replace(/\W/g, '').toUpperCase()}`,
        status: options.verified ? 'verified' : 'failed',
        is_sandbox: options.sandbox ?? false,
        error_codes: [],
        requested_name: 'Mirela Ionescu',
        first_seen_at: at,
        updated_at: at,
      },
    ])
    .execute()
}

/** The error an action throws, as the route answers it. */
async function refusal(call: Promise<unknown>) {
  try {
    await call
  } catch (error) {
    return error as { status: number; detail: string }
  }
  throw new Error('not refused')
}

async function trailOf(applicant: string) {
  const { db } = await modules.store.getStore()
  return db
    .selectFrom('audit_events')
    .select(['action', 'field', 'outcome', 'reason', 'user_label'])
    .where('resource_type', '=', 'applicant')
    .where('resource_id', '=', applicant)
    .where('action', 'in', ['retention', 'export'])
    .orderBy('id')
    .execute()
}

describe('the end of a business relationship', () => {
  it('is recorded by a lead, shown as the clock, withdrawn, and refused to an analyst', async () => {
    await seed('app-end', { daysAgo: 400, verified: true })
    signedIn.viewer = lea
    const before = await modules.views.applicantRetention(
      (await modules.store.getStore()).db,
      'app-end',
      true,
    )
    expect(modules.contract.clockWords(before.clock)).toBe('Kept: relationship ongoing.')

    const reason = 'Account closed by the customer, letter of 2 May'
    await modules.actions.endRelationship(
      modules.contract.relationshipEndRequest.parse({
        applicant_id: 'app-end',
        endedAt: day(-10),
        reason,
      }),
    )
    const after = await modules.views.applicantRetention(
      (await modules.store.getStore()).db,
      'app-end',
      true,
    )
    expect(modules.contract.clockWords(after.clock)).toBe(
      `Kept until ${addDays(day(-10), 1_826)}, because the business relationship ended on ${day(-10)}.`,
    )
    expect(after.relationship).toMatchObject({ endedOn: day(-10), reason, by: 'lea@verity.test' })

    await modules.actions.withdrawRelationship({
      applicant_id: 'app-end',
      reason: 'The customer reopened the account',
    })
    const resumed = await modules.views.applicantRetention(
      (await modules.store.getStore()).db,
      'app-end',
      true,
    )
    expect(resumed.clock).toEqual({ state: 'ongoing' })

    signedIn.viewer = ana
    expect(
      await refusal(
        modules.actions.endRelationship({ applicant_id: 'app-end', endedAt: day(-1), reason }),
      ),
    ).toMatchObject({ status: 403 })

    const trail = await trailOf('app-end')
    expect(trail.map((row) => [row.field, row.outcome])).toEqual([
      ['relationship_end', 'ok'],
      ['relationship_withdrawn', 'ok'],
      ['relationship_end', 'refused'],
    ])
    expect(JSON.stringify(trail)).not.toContain('letter')
    expect(trail[0]!.reason).toMatch(/^ended \d{4}-\d{2}-\d{2} reason sha256:[0-9a-f]{64}$/)
  })

  it('answers 400 naming the field for a bad date, a future one, one before the first record, or an unknown applicant', async () => {
    await seed('app-dates', { daysAgo: 30, verified: true })
    signedIn.viewer = lea
    const parse = (body: Record<string, unknown>) =>
      modules.contract.relationshipEndRequest.safeParse({ applicant_id: 'app-dates', ...body })
    expect(
      parse({ endedAt: '2026-02-30', reason: 'A long enough reason' }).error?.issues[0]?.message,
    ).toBe('endedAt must be a day as YYYY-MM-DD')
    expect(parse({ endedAt: day(-1) }).error?.issues[0]?.message).toBe('reason is required')
    expect(parse({ endedAt: day(-1), reason: '   ' }).error?.issues[0]?.message).toMatch(
      /^reason must have/,
    )
    const reason = 'Relationship ended in the test'
    expect(
      await refusal(
        modules.actions.endRelationship({ applicant_id: 'app-dates', endedAt: day(2), reason }),
      ),
    ).toMatchObject({
      status: 400,
      detail: expect.stringMatching(/^endedAt must not be in the future/) as string,
    })
    expect(
      await refusal(
        modules.actions.endRelationship({ applicant_id: 'app-dates', endedAt: day(-60), reason }),
      ),
    ).toMatchObject({
      status: 400,
      detail: expect.stringMatching(/^endedAt must not be before/) as string,
    })
    expect(
      await refusal(
        modules.actions.endRelationship({ applicant_id: 'app-nobody', endedAt: day(-1), reason }),
      ),
    ).toMatchObject({
      status: 400,
      detail: expect.stringMatching(/^applicant_id: no record/) as string,
    })
  })

  it('is recorded by the deployment with the bearer token, and refused with a wrong one', async () => {
    await seed('app-token', { daysAgo: 30, verified: true })
    const post = (token: string, body: unknown) =>
      modules.route.POST(
        new NextRequest('http://127.0.0.1/api/applicants/app-token/relationship', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
        { params: Promise.resolve({ applicant_id: 'app-token' }) },
      )
    const wrong = await post('not-the-token-but-long-enough-to-try', {
      endedAt: day(-1),
      reason: 'Closed by core banking',
    })
    expect(wrong.status).toBe(401)
    const bad = await post(TOKEN, { endedAt: '01/02/2026', reason: 'Closed by core banking' })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { detail: string }).detail).toBe(
      'endedAt must be a day as YYYY-MM-DD',
    )
    const ok = await post(TOKEN, { endedAt: day(-1), reason: 'Closed by core banking' })
    expect(ok.status).toBe(200)
    const trail = await trailOf('app-token')
    expect(trail).toEqual([
      expect.objectContaining({
        field: 'relationship_end',
        outcome: 'ok',
        user_label: 'Deployment (RETENTION_API_TOKEN)',
      }),
    ])
  })
})

describe('legal holds', () => {
  it('are placed and lifted by a lead, hold the applicant meanwhile, and need a reason', async () => {
    await seed('app-hold', { daysAgo: 2_000 })
    signedIn.viewer = lea
    const { db } = await modules.store.getStore()
    expect(
      modules.contract.holdRequest.safeParse({ applicant_id: 'app-hold' }).error?.issues[0]
        ?.message,
    ).toBe('reason is required')
    const hold = await modules.actions.placeHold({
      applicant_id: 'app-hold',
      reason: 'Police production order 44/2026',
    })
    const held = await modules.views.applicantRetention(db, 'app-hold', true)
    expect(held.holds).toEqual([
      expect.objectContaining({ kind: 'legal_hold', holdId: hold.id, by: 'lea@verity.test' }),
    ])
    expect(held.clock).toMatchObject({ state: 'counting', rule: 'never_onboarded', due: true })

    signedIn.viewer = ana
    expect(
      await refusal(
        modules.actions.liftHold({
          applicant_id: 'app-hold',
          hold_id: hold.id,
          reason: 'Order withdrawn today',
        }),
      ),
    ).toMatchObject({ status: 403 })
    signedIn.viewer = lea
    await modules.actions.liftHold({
      applicant_id: 'app-hold',
      hold_id: hold.id,
      reason: 'Order withdrawn today',
    })
    const lifted = await modules.views.applicantRetention(db, 'app-hold', true)
    expect(lifted.holds).toEqual([])
    expect(lifted.liftedHolds).toEqual([
      expect.objectContaining({ holdId: hold.id, liftedBy: 'lea@verity.test' }),
    ])
    expect(
      await refusal(
        modules.actions.liftHold({
          applicant_id: 'app-hold',
          hold_id: hold.id,
          reason: 'Order withdrawn today',
        }),
      ),
    ).toMatchObject({ status: 404 })
  })
})

describe('erasure requests and subject access', () => {
  it('grants a request for sandbox records at once, and refuses one under the AML obligation with its date', async () => {
    await seed('app-sandbox', { daysAgo: 3, sandbox: true })
    await seed('app-live', { daysAgo: 3 })
    signedIn.viewer = lea
    const granted = await modules.actions.requestErasure({
      applicant_id: 'app-sandbox',
      reason: 'E-mail from the person of 3 March',
    })
    expect(granted).toMatchObject({ outcome: 'granted' })
    const { db } = await modules.store.getStore()
    const erased = await modules.views.applicantRetention(db, 'app-sandbox', true)
    expect(erased.clock).toMatchObject({ state: 'erased', rule: 'request' })
    expect(erased.requests).toEqual([
      expect.objectContaining({
        outcome: 'granted',
        reason: expect.stringMatching(/^erased under retention on/) as string,
      }),
    ])
    expect(
      await refusal(
        modules.actions.placeHold({ applicant_id: 'app-sandbox', reason: 'Too late for this' }),
      ),
    ).toMatchObject({ status: 409 })

    const refused = await modules.actions.requestErasure({
      applicant_id: 'app-live',
      reason: 'Letter from the person of 4 March',
    })
    const possible = addDays(addDays(day(-3), 1_826), 1)
    expect(refused).toMatchObject({ outcome: 'refused', possibleOn: possible })
    expect(refused.message).toBe(
      `Refused: the AML record-keeping obligation applies; possible from ${possible}.`,
    )
    expect((await trailOf('app-live')).map((row) => [row.field, row.outcome])).toEqual([
      ['erasure_request', 'refused'],
    ])
  })

  it('exports what is held about an applicant to a lead, audited with its SHA-256, and not to an analyst', async () => {
    await seed('app-access', { daysAgo: 3 })
    signedIn.viewer = ana
    expect(await refusal(modules.access.subjectAccessExport('app-access'))).toMatchObject({
      status: 403,
    })
    signedIn.viewer = lea
    const { text, hash } = await modules.access.subjectAccessExport('app-access')
    const document = JSON.parse(text) as {
      records: { requested_name: string }[]
      reports: { included: boolean }
    }
    expect(document.records).toEqual([
      expect.objectContaining({ requested_name: 'Mirela Ionescu' }),
    ])
    expect(document.reports.included).toBe(false)
    const trail = await trailOf('app-access')
    expect(trail.at(-1)).toMatchObject({
      action: 'export',
      field: `subject-access sha256=${hash}`,
      outcome: 'ok',
    })
  })
})

function addDays(from: string, days: number) {
  return new Date(Date.parse(`${from}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}
