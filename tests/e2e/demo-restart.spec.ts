import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { expect, test } from '@playwright/test'

import { exampleIds } from '@/lib/demo/example-ids'
import { freePort } from '@/tools/harness/free-port'
import { auditLinesOf } from '@/tests/e2e/support/audit-lines'

/*
 * `npm run demo` (without its build: the suite's build is used) stopped and started again keeps
 * the activity of the earlier run in its embedded store.
 */

test.describe.configure({ mode: 'serial' })
test.use({ baseURL: undefined })

const shortId = exampleIds.shortIds.verified
let dataDir = ''
/** The demos the running test started, whose output a failure shows. */
let started: Demo[] = []

// Each test starts from an empty store: a mirror one test filled would leave the next nothing to read.
test.beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'verity-demo-data-'))
  started = []
})

test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) {
    for (const [i, demo] of started.entries()) {
      await testInfo.attach(`demo ${i + 1} output`, { body: demo.output().slice(-20_000) })
    }
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

type Demo = { url: string; simUrl: string; child: ChildProcess; output: () => string }

async function startDemo(): Promise<Demo> {
  const [port, simPort] = [await freePort(), await freePort()]
  let output = ''
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/demo.mjs', '--no-build'], {
    env: {
      ...process.env,
      PORT: String(port),
      SIM_PORT: String(simPort),
      VERITY_DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const deadline = Date.now() + 90_000
  while (!output.includes('Verity is running')) {
    if (child.exitCode !== null) throw new Error(`the demo exited:\n${output}`)
    if (Date.now() > deadline) throw new Error(`the demo did not start:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  const demo = {
    url: `http://127.0.0.1:${port}`,
    simUrl: `http://127.0.0.1:${simPort}`,
    child,
    output: () => output,
  }
  started.push(demo)
  return demo
}

/** Stops the demo as Ctrl+C would, and waits until its app has let go of the data directory. */
async function stopDemo(demo: Demo) {
  if (demo.child.exitCode === null) {
    const exited = new Promise((resolve) => demo.child.once('exit', resolve))
    demo.child.kill('SIGINT')
    await exited
  }
  await expect.poll(() => existsSync(join(dataDir, 'verity.pid')), { timeout: 15_000 }).toBe(false)
}

test('a restarted demo keeps the activity of the earlier run; a record added to it is delivered', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const first = await startDemo()
  let viewed: number
  try {
    await page.goto(`${first.url}/verifications/${shortId}`)
    await expect(page.getByRole('region', { name: 'Activity' })).toContainText('Viewed')
    // The demo keeps its console for its addresses (AUDIT_STDOUT=off): the trail is read in the app.
    expect(auditLinesOf(first.output().replaceAll('[verity] ', ''))).toEqual([])
    await page.goto(`${first.url}/activity?type=verification&id=${shortId}`)
    const view = page
      .getByRole('table', { name: 'Activity, newest first' })
      .getByRole('row')
      .filter({ hasText: 'Viewed' })
      .first()
    viewed = Number(await view.getByRole('cell').last().innerText())
    expect(viewed).toBeGreaterThan(0)

    // The demo's simulator delivers a record added to it to Verity at once, signed with the
    // secret the demo made for this run.
    const added = await fetch(`${first.simUrl}/__sim/history`, {
      method: 'POST',
      body: JSON.stringify({ risk: 'High', name: 'Demo Delivery' }),
    })
    expect(added.status).toBe(200)
    // While the demo's backfill still runs, its pages and the delivery take turns on the embedded
    // store's one connection: the arrival is timed in deliveries.spec.ts, not here.
    const received = async () => {
      await page.goto(`${first.url}/history-sync`)
      return page.getByRole('region', { name: 'Deliveries' }).innerText()
    }
    await expect.poll(received, { timeout: 60_000 }).toContain('1, of which')
  } finally {
    await stopDemo(first)
  }

  const second = await startDemo()
  try {
    await page.goto(`${second.url}/activity?type=verification&id=${shortId}`)
    await expect(
      page.getByRole('status').filter({ hasText: 'The audit trail verifies' }),
    ).toBeVisible()
    const table = page.getByRole('table', { name: 'Activity, newest first' })
    await expect(table.getByRole('cell', { name: String(viewed), exact: true })).toBeVisible()
  } finally {
    await stopDemo(second)
  }
})

const HISTORY = '/api/v3/notifications/webhook/history'

async function historyRequests(demo: Demo): Promise<number> {
  const stats = (await (await fetch(`${demo.simUrl}/__sim/stats`)).json()) as {
    byPath: Record<string, number>
  }
  return stats.byPath[HISTORY] ?? 0
}

test('a restarted demo resumes its history mirror without reading the history again', async ({
  page,
}) => {
  // The demo's backfill also writes weeks of team work for each page's cases (VERITY_DEMO_WORK),
  // reading each screening's report: a minute or two on a busy 2-core machine.
  test.setTimeout(360_000)
  const status = page.getByRole('region', { name: 'Sync status' })
  const first = await startDemo()
  let pages: string
  try {
    await expect(async () => {
      await page.goto(`${first.url}/history-sync`)
      await expect(status).toContainText(/done: [\d,]+ records in \d+ pages/, {
        timeout: 1_000,
      })
    }).toPass({ timeout: 200_000 })
    pages = /in (\d+) pages/.exec((await status.textContent()) ?? '')?.[1] ?? ''
    expect(await historyRequests(first)).toBeGreaterThanOrEqual(Number(pages))
  } finally {
    await stopDemo(first)
  }

  // A new simulator counts from zero: whatever the second run reads of the history shows here.
  const second = await startDemo()
  try {
    await expect.poll(() => historyRequests(second), { timeout: 60_000 }).toBeGreaterThan(0)
    await page.goto(`${second.url}/history-sync`)
    await expect(status).toContainText(`in ${pages} pages`)
    // A poll reads the newest page, meets records it holds and stops: no backfill again.
    expect(await historyRequests(second)).toBeLessThanOrEqual(2)
  } finally {
    await stopDemo(second)
  }
})
