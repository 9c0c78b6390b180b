import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { extractRecord } from '@/lib/history-mirror/extract'
import { buildDataset } from '@/simulator/data/dataset'
import { startSimulator, type Simulator } from '@/simulator/server/server'

/* The simulator's history for the mirror: any size, records added while running, both orders. */

const API_KEY = 'test-key'
const HISTORY = '/api/v3/notifications/webhook/history'
type Record = { id: string; timestamp: string; event_type: string; payload: unknown }
type Page = { data: Record[]; has_next: boolean }

const sims: Simulator[] = []
let big: Simulator
let oldest: Simulator

beforeAll(async () => {
  const started = performance.now()
  big = await startSimulator({ apiKey: API_KEY, historyRecords: 1_000_000 })
  // Nothing like a million records is built: the start takes about as long as the default's.
  expect(performance.now() - started).toBeLessThan(10_000)
  oldest = await startSimulator({ apiKey: API_KEY, historyRecords: 120, historyOrder: 'oldest' })
  sims.push(big, oldest)
}, 30_000)

afterAll(async () => {
  await Promise.all(sims.map((sim) => sim.close()))
})

async function get<T>(sim: Simulator, path: string): Promise<T> {
  const response = await fetch(sim.url + path, { headers: { 'ds-api-token': API_KEY } })
  expect(response.status).toBe(200)
  return (await response.json()) as T
}

async function page(sim: Simulator, after?: string, limit = 1000) {
  return get<Page>(sim, `${HISTORY}?limit=${limit}${after ? `&after=${after}` : ''}`)
}

describe('the simulated history', () => {
  it('serves a million records, made from their index, newest first to the end', async () => {
    let after: string | undefined
    const seen = new Set<string>()
    let previous = Infinity
    // The built records and the start of the generated tail.
    for (let read = 0; read < 7; read++) {
      const body = await page(big, after)
      for (const record of body.data) {
        expect(seen.has(record.id)).toBe(false)
        seen.add(record.id)
        const at = Date.parse(record.timestamp)
        expect(at).toBeLessThan(previous)
        previous = at
      }
      after = body.data.at(-1)?.id
    }
    expect(seen.size).toBe(7_000)
    const last = '9e000000-0000-4000-8000-' + (999_998).toString(16).padStart(12, '0')
    const end = await page(big, last)
    expect(end.data.map((record) => record.id)).toEqual([
      '9e000000-0000-4000-8000-' + (999_999).toString(16).padStart(12, '0'),
    ])
    expect(end.has_next).toBe(false)
    const beyond = await fetch(
      `${big.url}${HISTORY}?after=9e000000-0000-4000-8000-${(1_000_000).toString(16).padStart(12, '0')}`,
      { headers: { 'ds-api-token': API_KEY } },
    )
    expect(beyond.status).toBe(404)

    // A generated screening's report opens, and is the one its record carries.
    const tail = (await page(big, after, 50)).data.find((r) => r.event_type === 'AML_SCREENING')
    const carried = (tail?.payload as { search_response: { search_uuid: string } }).search_response
    const report = await get<unknown>(big, `/api/v3/aml/search/history/${carried.search_uuid}`)
    expect(report).toEqual(carried)
  })

  it('adds records while running, newest, as the body asks', async () => {
    const sim = await startSimulator({ apiKey: API_KEY })
    sims.push(sim)
    const before = await page(sim, undefined, 10)
    const response = await fetch(`${sim.url}/__sim/history`, {
      method: 'POST',
      body: JSON.stringify({ count: 2, risk: 'High', name: 'Zoë Quinn', applicant_id: 'app-9' }),
    })
    expect(response.status).toBe(200)
    const { ids } = (await response.json()) as { ids: string[] }
    expect(ids).toHaveLength(2)
    const after = await page(sim, undefined, 10)
    expect(after.data.slice(0, 2).map((record) => record.id)).toEqual([...ids].reverse())
    expect(after.data[2]?.id).toBe(before.data[0]?.id)
    const row = extractRecord(after.data[0])
    expect(row).toMatchObject({ risk: 'High', requested_name: 'Zoë Quinn', applicant_id: 'app-9' })
    expect(Date.parse(after.data[0]!.timestamp)).toBeGreaterThan(
      Date.parse(before.data[0]!.timestamp),
    )
    const report = await get<{ max_risk_score: string }>(
      sim,
      `/api/v3/aml/search/history/${row?.search_uuid}`,
    )
    expect(report.max_risk_score).toBe('High')
    // The newest known record now has newer ones after it, reached through its cursor no more.
    const failed = await fetch(`${sim.url}/__sim/history`, {
      method: 'POST',
      body: JSON.stringify({ risk: 'Extreme' }),
    })
    expect(failed.status).toBe(400)
  })

  it('serves the same history oldest first, with added records at its end', async () => {
    const reference = buildDataset({ historyRecords: 120 }).webhookHistory.map((r) => r.id)
    const ids: string[] = []
    let after: string | undefined
    for (;;) {
      const body = await page(oldest, after, 50)
      ids.push(...body.data.map((record) => record.id))
      after = ids.at(-1)
      if (!body.has_next) break
    }
    expect(ids).toEqual([...reference].reverse())
    const added = (await (
      await fetch(`${oldest.url}/__sim/history`, { method: 'POST', body: '{"count":3}' })
    ).json()) as { ids: string[] }
    const next = await page(oldest, after, 50)
    expect(next.data.map((record) => record.id)).toEqual(added.ids)
    expect(next.has_next).toBe(false)
  })

  it('gives the demo queue work older than the newest 500 records', () => {
    const rows = buildDataset().webhookHistory.map((record) => extractRecord(record)!)
    const old = rows.slice(500)
    expect(old.filter((row) => row.risk === 'High').length).toBeGreaterThan(0)
    expect(old.filter((row) => row.risk === 'Medium').length).toBeGreaterThan(0)
    expect(
      old.filter((row) => row.event_type === 'DOCVER' && row.status === 'failed').length,
    ).toBeGreaterThanOrEqual(3)
    const newest = new Map<string, number>()
    rows.forEach((row, position) => {
      if (row.event_type === 'AML_SCREENING' && row.applicant_id && !newest.has(row.applicant_id))
        newest.set(row.applicant_id, position)
    })
    const rescreened = old.filter(
      (row) =>
        row.event_type === 'AML_SCREENING' && (newest.get(row.applicant_id ?? '') ?? 999) < 100,
    )
    expect(rescreened.length).toBeGreaterThanOrEqual(1)
    const first = rows.find((row) => row.applicant_id === rescreened[0]?.applicant_id)
    const apart = (first?.at?.getTime() ?? 0) - (rescreened[0]?.at?.getTime() ?? 0)
    expect(apart).toBeGreaterThan(7 * 86_400_000)
  })
})

describe('re-screenings', () => {
  type Screening = {
    applicant_id: string
    search_response: { search_uuid: string; data: { uuid: string; fields?: unknown }[] }
  }
  const screeningOf = (record: Record) => record.payload as Screening

  it('sends an earlier report again, with the changes asked for (POST rescreen_of)', async () => {
    const sim = await startSimulator({ apiKey: API_KEY, historyRecords: 120 })
    sims.push(sim)
    const post = (body: unknown) =>
      fetch(`${sim.url}/__sim/history`, { method: 'POST', body: JSON.stringify(body) })
    const first = (await (await post({ risk: 'High', applicant_id: 'app-r' })).json()) as {
      ids: string[]
    }
    const searchId = (first.ids[0] ?? '').replace(/^9e000002/, '9e000003')
    const again = await post({ applicant_id: 'app-r', rescreen_of: searchId, changed: 1, added: 1 })
    expect(again.status).toBe(200)
    const [newest, earlier] = (await page(sim, undefined, 2)).data.map(screeningOf)
    const before = earlier!.search_response.data
    const now = newest!.search_response.data
    expect(newest!.applicant_id).toBe('app-r')
    expect(newest!.search_response.search_uuid).not.toBe(searchId)
    expect(now.map((match) => match.uuid)).toEqual([
      ...before.map((match) => match.uuid),
      expect.any(String),
    ])
    expect(now[0]).not.toEqual(before[0])
    expect(now.slice(1, 3)).toEqual(before.slice(1, 3))
    expect((await post({ rescreen_of: 'no-such-search' })).status).toBe(400)
  })

  it('re-screens some of the history by itself when asked (the demo)', async () => {
    const sim = await startSimulator({ apiKey: API_KEY, rescreenAfterMs: 0 })
    sims.push(sim)
    await new Promise((resolve) => setTimeout(resolve, 100))
    const records = (await page(sim, undefined, 1000)).data
    const rescreens = records.slice(0, 8).map(screeningOf)
    expect(rescreens).toHaveLength(8)
    for (const rescreen of rescreens) {
      const earlier = records
        .slice(8)
        .map(screeningOf)
        .find((screening) => screening?.applicant_id === rescreen.applicant_id)
      const uuids = earlier?.search_response.data.map((match) => match.uuid)
      expect(
        rescreen.search_response.data.map((match) => match.uuid).slice(0, uuids?.length),
      ).toEqual(uuids)
    }
  })
})
