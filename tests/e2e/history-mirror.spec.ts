import { expect, test } from '@playwright/test'
import pg from 'pg'

import { startSimulator, type Simulator } from '@/simulator/server/server'

import { startApp, type AppInstance } from '@/tests/e2e/support/app-instance'
import { postgresBin, startPostgres, type Postgres } from '@/tools/harness/postgres'

/*
 * The history mirror with two instances on one PostgreSQL server (a cluster this file makes): the
 * history is read once between them, not once each, and stopping the syncing instance hands the
 * sync to the other within the (shortened) lease.
 */

const KEY = 'history-mirror-key'
const HISTORY = '/api/v3/notifications/webhook/history'
const RECORDS = 2_000
const PAGE = 100

test.describe.configure({ mode: 'serial' })
test.skip(!postgresBin(), 'PostgreSQL is not installed (.ci/run installs it)')

let sim: Simulator
let postgres: Postgres
let db: pg.Client
const instances: AppInstance[] = []

test.beforeAll(async () => {
  test.setTimeout(180_000)
  sim = await startSimulator({ apiKey: KEY, historyRecords: RECORDS })
  postgres = await startPostgres()
  db = new pg.Client({ connectionString: postgres.url })
  await db.connect()
})

test.afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()))
  await db?.end()
  postgres?.stop()
  await sim?.close()
})

function start() {
  return startApp(
    {
      DS_API_BASE_URL: sim.url,
      DS_API_KEY: KEY,
      DATABASE_URL: postgres.url,
      HISTORY_SYNC: 'on',
      HISTORY_PAGE_SIZE: String(PAGE),
      HISTORY_POLL_SECONDS: '2',
      HISTORY_LEASE_SECONDS: '4',
    },
    undefined,
    90_000,
  )
}

async function state() {
  const { rows } = await db.query<{
    backfill_done: boolean
    backfill_pages: number
    polls: number
    records: string
  }>('select backfill_done, backfill_pages, polls, records from history_sync_state')
  return rows[0]
}

const historyRequests = () => sim.stats.byPath[HISTORY] ?? 0
const holder = async () =>
  (await db.query<{ holder: string }>('select holder from history_sync_lease')).rows[0]?.holder

test('two instances on one PostgreSQL server read the history once between them', async () => {
  test.setTimeout(180_000)
  instances.push(...(await Promise.all([start(), start()])))
  // The server answers while its store is still opening; the tables exist once one says ready.
  await expect
    .poll(() => instances.some((instance) => instance.logs().includes('"msg":"store ready"')), {
      timeout: 60_000,
    })
    .toBe(true)
  await expect.poll(async () => (await state())?.backfill_done, { timeout: 90_000 }).toBe(true)
  const done = await state()
  expect(Number(done?.records)).toBe(RECORDS)
  // One backfill: twice the pages (or twice the requests) if both had read it.
  expect(done?.backfill_pages).toBe(RECORDS / PAGE)
  const polls = (await state())?.polls ?? 0
  const overlaps = Math.floor(polls / 10) * 3
  expect(historyRequests()).toBeLessThanOrEqual(RECORDS / PAGE + polls + overlaps + 2)
  const syncing = instances.filter((instance) => instance.logs().includes('sync lease taken'))
  expect(syncing).toHaveLength(1)
})

test('stopping the syncing instance hands the sync to the other', async () => {
  test.setTimeout(120_000)
  const current = await holder()
  const syncing = instances.find((instance) => instance.logs().includes('sync lease taken'))
  const other = instances.find((instance) => instance !== syncing)
  if (!syncing || !other || !current) throw new Error(`no instance holds the lease (${current})`)
  await syncing.stop()
  const response = await fetch(`${sim.url}/__sim/history`, {
    method: 'POST',
    body: JSON.stringify({ risk: 'High', name: 'Handover Test' }),
  })
  const { ids } = (await response.json()) as { ids: string[] }
  await expect
    .poll(
      async () =>
        (await db.query('select 1 from history_records where id = $1', [ids[0]])).rowCount,
      { timeout: 60_000 },
    )
    .toBe(1)
  expect(await holder()).not.toBe(current)
  expect(other.logs()).toContain('sync lease taken')
})
