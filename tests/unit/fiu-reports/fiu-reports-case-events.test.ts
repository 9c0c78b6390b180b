import { randomUUID } from 'node:crypto'

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import type { Viewer } from '@/lib/auth/viewer'
import { signInOnEnv, viewerOf } from '@/tests/unit/helpers/auth-settings'
import { stubEnv } from '@/tests/unit/helpers/env'
import {
  amlReports,
  startFakeUpstream,
  type FakeUpstream,
} from '@/tests/unit/helpers/fake-upstream'
import { withAppStore } from '@/tests/unit/helpers/test-store'

/*
 * A report to the FIU's changes of state are lines of its case's log (issue #56), read only by
 * leads and the report's drafter (tipping-off rules): the case page and API, the evidence pack's
 * case section and the exam pack's CSVs never show another analyst a line of it. In a real
 * (embedded) store, with sign-in on and the upstream faked.
 */

const signedIn = vi.hoisted(() => ({ viewer: null as Viewer | null }))
vi.mock('@/lib/auth/session', async () =>
  (await import('@/tests/unit/helpers/session-mock')).sessionMock(signedIn),
)

const ana = viewerOf('ana')
const ben = viewerOf('ben')
const lea = viewerOf('lea', ['aml-leads'])
const lou = viewerOf('lou', ['aml-leads'])

withAppStore()

let fake: FakeUpstream
let modules: Awaited<ReturnType<typeof load>>

async function load() {
  return {
    create: await import('@/lib/cases/create'),
    actions: await import('@/lib/cases/actions'),
    service: await import('@/lib/cases/service'),
    reports: await import('@/lib/fiu-reports/service'),
    evidence: await import('@/lib/evidence/content'),
    packWorkers: await import('@/lib/evidence/pack-workers'),
    exam: await import('@/lib/exam/sources'),
    store: await import('@/lib/store/store'),
  }
}

beforeAll(async () => {
  fake = await startFakeUpstream()
  fake.handle(amlReports(['m-one']))
  stubEnv(signInOnEnv(fake.url))
  modules = await load()
})

afterAll(async () => {
  vi.unstubAllEnvs()
  await fake.close()
})

beforeEach(() => {
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
  return () => stdout.mockRestore()
})

async function db() {
  return (await modules.store.getStore()).db
}

function as<T>(viewer: Viewer, read: () => Promise<T>) {
  signedIn.viewer = viewer
  return read()
}

/** A screening case claimed by ana. */
async function screeningCase() {
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
      match_count: 1,
      at: now,
      payload_state: 'ok',
      error_codes: [],
      first_seen_at: now,
      updated_at: now,
    })
    .execute()
  const [caseId] = await modules.create.createCasesForNewRecords(await db(), [id])
  await as(ana, async () =>
    modules.actions.actOnCase(await db(), ana, caseId!, { action: 'claim' }),
  )
  return caseId!
}

const reportLines = (events: { kind: string; reportId: number | null }[]) =>
  events.filter((event) => event.reportId !== null).map((event) => [event.reportId, event.kind])

async function caseLog(viewer: Viewer, caseId: number) {
  const detail = await as(viewer, () => modules.service.loadCase(caseId))
  return reportLines(detail!.events)
}

/** The case's own sections of its evidence pack (the report's are made in the pack's worker). */
async function packText(viewer: Viewer, caseId: number) {
  const job = modules.packWorkers.startPackJob()
  try {
    const content = await as(viewer, () =>
      modules.evidence.recordContent({ type: 'case', id: String(caseId), unmasked: false }, job),
    )
    return JSON.stringify(content.sections)
  } finally {
    job.drop()
  }
}

describe("a report's changes of state on its case's log", () => {
  it('are shown to leads and to its drafter, never to another analyst', async () => {
    const caseId = await screeningCase()
    const byLea = await as(lea, () => modules.reports.startReport({ caseId, code: 'STR' }))
    const byAna = await as(ana, () => modules.reports.startReport({ caseId, code: 'SAR' }))

    // Written as a line of the case's log, marked with its report.
    const written = await (
      await db()
    )
      .selectFrom('case_events')
      .select(['kind', 'to_state', 'fiu_report_id', 'analyst_id'])
      .where('case_id', '=', caseId)
      .where('fiu_report_id', 'is not', null)
      .orderBy('id')
      .execute()
    expect(written).toEqual([
      {
        kind: 'report_created',
        to_state: 'draft',
        fiu_report_id: byLea.id,
        analyst_id: 'https://idp.test lea',
      },
      {
        kind: 'report_created',
        to_state: 'draft',
        fiu_report_id: byAna.id,
        analyst_id: 'https://idp.test ana',
      },
    ])

    // The case page and GET /api/cases/{id} (one read, loadCase).
    expect(await caseLog(lea, caseId)).toEqual([
      [byLea.id, 'report_created'],
      [byAna.id, 'report_created'],
    ])
    expect(await caseLog(lou, caseId)).toHaveLength(2)
    expect(await caseLog(ana, caseId)).toEqual([[byAna.id, 'report_created']])
    expect(await caseLog(ben, caseId)).toEqual([])
    const benLog = await as(ben, () => modules.service.loadCase(caseId))
    expect(benLog!.events.map((event) => event.kind)).toEqual(['created', 'claimed'])

    // The evidence pack's case section.
    expect(await packText(lea, caseId)).toContain(`Report ${byLea.id} drafted`)
    expect(await packText(ana, caseId)).toContain(`Report ${byAna.id} drafted`)
    expect(await packText(ana, caseId)).not.toContain(`Report ${byLea.id} drafted`)
    expect(await packText(ben, caseId)).not.toMatch(/Report \d+ drafted/)
  })

  it('are left out of the exam pack, which leaves the team', async () => {
    const caseId = await screeningCase()
    await as(lea, () => modules.reports.startReport({ caseId, code: 'STR' }))
    const source = (name: string) => modules.exam.examSources.find((item) => item.name === name)!
    const period = { start: new Date(Date.now() - 3_600_000), end: new Date(Date.now() + 60_000) }
    const rows = async (name: string) => {
      const found: unknown[][] = []
      for await (const row of source(name).rows(await db(), period, true)) found.push(row)
      return found
    }
    const events = (await rows('case-events.csv')).filter((row) => row[1] === caseId)
    expect(events.map((row) => row[3])).toEqual(['created', 'claimed'])
    const header = modules.exam.headerOf(source('cases.csv'), true)
    const kase = (await rows('cases.csv')).find((row) => row[0] === caseId)!
    expect(kase[header.indexOf('events_in_period')]).toBe(2)
  })
})
