import { generateKeyPairSync, randomUUID } from 'node:crypto'
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'

import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type { Viewer } from '@/lib/auth/viewer'
import { drawSample, type QaClosure } from '@/lib/qa/draw'
import { signInOnEnv, viewerOf } from '@/tests/unit/helpers/auth-settings'
import { stubEnv } from '@/tests/unit/helpers/env'
import { withAppStore } from '@/tests/unit/helpers/test-store'

/*
 * Quality assurance (issue #58): the draw is the same from the same seed and takes its strata
 * (every true match, a new analyst's every closure, a share of the rest, at least one each); a
 * lead who did not close a sampled case records its result, never changed afterwards; a fail
 * reopens the case; the exam pack carries the draws and its verifier redraws them.
 */

const DAY = 86_400_000
const closure = (caseId: number, analystId: string, outcome = 'false_positive', daysIn = 90) => ({
  caseId,
  analystId,
  outcome,
  closedAt: new Date(Date.UTC(2026, 5, 10)).toISOString(),
  analystSince: new Date(Date.UTC(2026, 5, 10) - daysIn * DAY).toISOString(),
})

describe('the QA draw', () => {
  const veterans: QaClosure[] = [
    ...Array.from({ length: 40 }, (_, index) => closure(index + 1, 'ana')),
    closure(41, 'ana', 'true_match'),
    ...Array.from({ length: 3 }, (_, index) => closure(100 + index, 'ben')),
    ...Array.from({ length: 4 }, (_, index) => closure(200 + index, 'new', 'false_positive', 5)),
  ]
  const rule = { percent: 5, newAnalystDays: 30 }

  it('draws the same sample from the same seed, and another from another seed', () => {
    const once = drawSample('seed-one', veterans, rule)
    expect(drawSample('seed-one', [...veterans].reverse(), rule)).toEqual(once)
    const others = ['a', 'b', 'c', 'd'].map((seed) => drawSample(seed, veterans, rule))
    expect(others.some((sample) => JSON.stringify(sample) !== JSON.stringify(once))).toBe(true)
  })

  it('takes every true match, every closure of a new analyst, and a share of the rest, one at least', () => {
    const sample = drawSample('seed-one', veterans, rule)
    const of = (from: number, to: number) =>
      sample.filter((item) => item.caseId >= from && item.caseId <= to)
    // ana: 41 closures, 5% is 3 (rounded up): the true match and two more.
    expect(of(1, 41)).toHaveLength(3)
    expect(of(1, 41)).toContainEqual({ caseId: 41, why: 'true_match' })
    expect(of(1, 40).every((item) => item.why === 'share')).toBe(true)
    // ben: 3 closures, still one.
    expect(of(100, 102)).toEqual([expect.objectContaining({ why: 'share' })])
    // A new analyst's four closures, all of them.
    expect(of(200, 203).map((item) => item.why)).toEqual(Array(4).fill('new_analyst'))
  })
})

const signedIn = vi.hoisted(() => ({ viewer: null as Viewer | null }))
vi.mock('@/lib/auth/session', async () =>
  (await import('@/tests/unit/helpers/session-mock')).sessionMock(signedIn),
)

const ana = viewerOf('ana')
const lea = viewerOf('lea', ['aml-leads'])
const lou = viewerOf('lou', ['aml-leads'])
withAppStore()

let modules: Awaited<ReturnType<typeof load>>
const today = new Date().toISOString().slice(0, 10)
const dir = mkdtempSync(join(tmpdir(), 'verity-qa-'))

async function load() {
  return {
    draws: await import('@/lib/qa/draws'),
    store: await import('@/lib/store/store'),
    create: await import('@/lib/cases/create'),
    actions: await import('@/lib/cases/actions'),
    read: await import('@/lib/cases/read'),
    build: await import('@/lib/exam/build'),
    verify: await import('@/lib/exam/verify'),
    appTrail: await import('@/lib/audit/app-trail'),
  }
}

async function db() {
  return (await modules.store.getStore()).db
}

/** Failed-verification cases closed by `who` as no action needed; their ids. */
async function closedBy(who: Viewer, count: number) {
  const now = new Date()
  const ids = Array.from({ length: count }, () => randomUUID())
  await (
    await db()
  )
    .insertInto('history_records')
    .values(
      ids.map((id) => ({
        id,
        event_type: 'DOCVER',
        short_id: `V${id.slice(0, 8)}`,
        status: 'failed',
        at: now,
        payload_state: 'ok' as const,
        error_codes: [],
        first_seen_at: now,
        updated_at: now,
      })),
    )
    .execute()
  const made = await modules.create.createCasesForNewRecords(await db(), ids)
  signedIn.viewer = who
  for (const id of made) {
    await modules.actions.actOnCase(await db(), who, id, { action: 'claim' })
    await modules.actions.actOnCase(await db(), who, id, {
      action: 'close',
      outcome: 'no_action_needed',
      reason: 'The retaken document passed.',
    })
  }
  return made
}

let drawId: number
let sampled: number[]

beforeAll(async () => {
  stubEnv({ ...signInOnEnv(), AUDIT_STDOUT: 'off' })
  modules = await load()
  await closedBy(ana, 6)
  drawId = (await modules.draws.drawQa(await db(), lea, { from: today, to: today }, 'on_demand', {
    percent: 5,
    newAnalystDays: 30,
  }))!
  const draws = await modules.draws.qaDraws(await db(), { from: today, to: today })
  sampled = draws[0]!.cases.map((item) => item.caseId)
}, 60_000)

afterAll(() => {
  vi.unstubAllEnvs()
  rmSync(dir, { recursive: true, force: true })
})

describe('QA in the store', () => {
  it("draws a new analyst's every closure, with the seed and sampled ids in the audit trail", async () => {
    expect(sampled).toHaveLength(6)
    const [row] = await (
      await db()
    )
      .selectFrom('audit_events')
      .select(['action', 'field', 'reason'])
      .where('action', '=', 'qa')
      .where('resource_type', '=', 'qa_draw')
      .execute()
    const draw = await (
      await db()
    )
      .selectFrom('qa_draws')
      .select('seed')
      .where('id', '=', drawId)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ field: 'on_demand' })
    expect(row!.reason).toContain(`seed ${draw.seed}`)
    expect(row!.reason).toContain(`sampled ${sampled.join(',')}`)
  })

  it('takes a result from a lead who did not close the case, and never a change to it', async () => {
    const id = sampled[0]!
    signedIn.viewer = ana
    await expect(
      modules.draws.recordQaResult(await db(), ana, { caseId: id, result: 'pass' }),
    ).rejects.toMatchObject({ status: 403 })
    const first = await modules.draws.recordQaResult(await db(), lea, {
      caseId: id,
      result: 'pass',
    })
    await expect(
      modules.draws.recordQaResult(await db(), lou, { caseId: id, result: 'pass' }),
    ).rejects.toMatchObject({ status: 409 })
    const correction = await modules.draws.recordQaResult(await db(), lou, {
      caseId: id,
      result: 'pass',
      reason: 'Checked the retaken document again.',
      corrects: first.id,
    })
    expect(correction.id).toBeGreaterThan(first.id)
    await expect(
      sql`update qa_results set result = 'fail' where id = ${first.id}`.execute(await db()),
    ).rejects.toThrow()
  })

  it('reopens a failed case with the reason, for its owner to hear of', async () => {
    const id = sampled[1]!
    await modules.draws.recordQaResult(await db(), lea, {
      caseId: id,
      result: 'fail',
      reason: 'The closing reason does not say which document passed.',
    })
    const kase = await modules.read.caseRow(await db(), id)
    expect(kase).toMatchObject({ state: 'open', outcome: null, owner_id: 'https://idp.test ana' })
    const [event] = await (
      await db()
    )
      .selectFrom('case_events')
      .select(['kind', 'reason'])
      .where('case_id', '=', id)
      .orderBy('id', 'desc')
      .limit(1)
      .execute()
    expect(event).toEqual({
      kind: 'qa_failed',
      reason: 'The closing reason does not say which document passed.',
    })
    const { detectEvents } = await import('@/lib/notifications/detect')
    const events = await detectEvents(await db(), { dueSoonHours: 4, maxLagSeconds: 86_400 })
    expect(events).toContainEqual(
      expect.objectContaining({ kind: 'qa_failed', caseId: id, analystId: 'https://idp.test ana' }),
    )
  })

  it('counts pass rates per analyst and for the team in analytics, and in its CSV', async () => {
    const { qaPerAnalyst } = await import('@/lib/analytics/queries')
    const { chartTables } = await import('@/lib/analytics/tables')
    const { tableCsv } = await import('@/lib/analytics/csv')
    const { parseAnalyticsParams } = await import('@/lib/analytics/params')
    const parsed = parseAnalyticsParams({ from: today, to: today })
    if (!parsed.ok) throw new Error(parsed.problems.join('; '))
    const rows = await qaPerAnalyst(await db(), parsed.range)
    // The corrected pass stands once; the fail counts against ana.
    expect(rows).toEqual([
      {
        analystId: 'https://idp.test ana',
        label: 'ana@verity.test',
        reviewed: 2,
        passed: 1,
        failed: 1,
      },
      { analystId: null, label: 'Team', reviewed: 2, passed: 1, failed: 1 },
    ])
    const table = chartTables(parsed.range.params, {
      days: [],
      weeks: [],
      verifications: [],
      failures: { categories: [], codes: [], total: 0 },
      screenings: [],
      decisions: [],
      reviewTimes: [],
      openCases: [],
      deadlines: { met: 0, missed: 0, openOverdue: 0 },
      analysts: null,
      qa: rows,
    } as never).find((item) => item.key === 'qa')!
    expect(tableCsv(table)).toBe(
      'Analyst,QA reviewed,Passed,Failed,Pass rate (%)\r\nana@verity.test,2,1,1,50\r\nTeam,2,1,1,50\r\n',
    )
  })

  it('goes into the exam pack, whose verifier redraws it, and names a case picked by hand', async () => {
    const keys = generateKeyPairSync('ed25519')
    const pack = async (name: string) => {
      const path = join(dir, name)
      await pipeline(
        modules.build.examPack({
          db: await db(),
          auditKey: modules.appTrail.appAuditKey(),
          signingKey: keys.privateKey,
          from: today,
          to: today,
          masked: true,
          seesReports: false,
          madeBy: { label: 'lea', analystId: 'https://idp.test lea' },
          settings: {},
        }),
        createWriteStream(path),
      )
      return modules.verify.verifyExamPack(path, keys.publicKey)
    }
    const honest = await pack('honest.zip')
    expect(honest.problems).toEqual([])
    expect(honest.checked).toContain('the QA sample of 1 draw, redrawn from its seed')
    // A draw whose sample was picked by hand: kept as if drawn, it does not redraw from its seed.
    const draw = await (
      await db()
    )
      .selectFrom('qa_draws')
      .selectAll()
      .where('id', '=', drawId)
      .executeTakeFirstOrThrow()
    // One case more than its seed draws: a hand-picked case, which the redraw can never match (the
    // first case alone matched it whenever the seed happened to draw that one).
    const extra =
      draw.population.find((one) => !draw.sample.some((taken) => taken.caseId === one.caseId)) ??
      draw.population[0]!
    await (
      await db()
    )
      .insertInto('qa_draws')
      .values({
        kind: 'on_demand',
        period_from: today,
        period_to: today,
        seed: draw.seed,
        percent: 5,
        new_analyst_days: 0,
        population: JSON.stringify(draw.population),
        sample: JSON.stringify([...draw.sample, { caseId: extra.caseId, why: 'share' }]),
        drawn_by: 'https://idp.test lea',
        drawn_by_label: 'lea',
        drawn_at: new Date(),
      })
      .execute()
    const picked = await pack('picked.zip')
    expect(picked.problems).toEqual([
      expect.stringMatching(/^qa-sample\.csv: draw \d+ does not redraw from its seed/),
    ])
  })
})
