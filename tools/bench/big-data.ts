import { readFileSync } from 'node:fs'

import type { Browser, JSHandle, Page } from '@playwright/test'

import { exampleIds } from '@/lib/demo/example-ids'
import { HISTORY_MAX_PAGES } from '@/lib/queries/webhooks'
import { budget, ms, type Budget, type SectionResult } from '@/tools/bench/report'
import type { Session } from '@/tools/harness/sign-in'
import { round } from '@/tools/bench/stats'

/*
 * Big data in the browser: the 1,000-match AML report, and the webhook history with 5,000 records
 * loaded through its own paging (the end of the list kept in view). For each: when the first card
 * is painted, how many elements the document holds once scrolled to the end, and the longest task
 * of that scroll. AML match cards and webhook records are both <article> elements. The history
 * holds at most HISTORY_MAX_PAGES pages in the browser (older ones are dropped as new ones come),
 * so the records loaded are counted from the pages the browser fetched, not from the list.
 */

const CARD = 'main article'
const HISTORY_TARGET = 5_000
const inPage = readFileSync(new URL('./in-page.js', import.meta.url), 'utf8')

type InPage = {
  firstCard: number | null
  longestTask(from: number): number
  taskCount(): number
  scrollToEnd(timeoutMs: number): Promise<{ steps: number; reachedEnd: boolean }>
  historyStatus(): { held: number; ended: boolean }
}

type BigDataFigures = {
  firstCard: number
  domNodes: number
  longestScrollTask: number
  longestLoadTask: number
  scrollSteps: number
  reachedEnd: boolean
  loaded?: number
  held?: number
  loadSeconds?: number
}

type Opened = { page: Page; bench: JSHandle<InPage> }

async function open(browser: Browser, url: string, session: Session): Promise<Opened> {
  // One request first, as the render section does: the figures are of a warm server, not of the
  // first render of a route after start.
  await fetch(url, { headers: { cookie: session.header } }).then((response) =>
    response.arrayBuffer(),
  )
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  await page.context().addCookies([{ name: session.name, value: session.value, url }])
  await page.addInitScript({ content: `${inPage}\ninstallBench(${JSON.stringify(CARD)})` })
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 })
  // The role locator confirms that what the frame check saw is a card a person would see.
  await page.getByRole('article').first().waitFor({ state: 'visible', timeout: 30_000 })
  const bench = await page.evaluateHandle(() => (window as unknown as { __bench: InPage }).__bench)
  await page.waitForFunction((handle) => handle.firstCard !== null, bench)
  return { page, bench }
}

async function scrollAndCount({ page, bench }: Opened) {
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.waitForTimeout(300)
  const before = await bench.evaluate((b) => b.taskCount())
  const scroll = await bench.evaluate((b, timeout) => b.scrollToEnd(timeout), 90_000)
  // A long task is reported once it ends; give the last one a moment.
  await page.waitForTimeout(200)
  return {
    longestScrollTask: round(await bench.evaluate((b, from) => b.longestTask(from), before)),
    domNodes: await page.evaluate(() => document.getElementsByTagName('*').length),
    scrollSteps: scroll.steps,
    reachedEnd: scroll.reachedEnd,
  }
}

async function amlReport(
  browser: Browser,
  appUrl: string,
  session: Session,
): Promise<BigDataFigures> {
  const opened = await open(browser, `${appUrl}/aml/${exampleIds.amlBigId}`, session)
  try {
    const firstCard = await opened.bench.evaluate((b) => b.firstCard ?? Number.NaN)
    await opened.page.waitForTimeout(500)
    const longestLoadTask = round(await opened.bench.evaluate((b) => b.longestTask(0)))
    return { firstCard: round(firstCard), longestLoadTask, ...(await scrollAndCount(opened)) }
  } finally {
    await opened.page.close()
  }
}

/** Keeps the end of the list in view until `target` records have been fetched, or the history ends. */
async function loadHistory({ page, bench }: Opened, target: number, timeoutMs: number) {
  let fetched = 0
  page.on('response', (response) => {
    if (!response.url().includes('/api/webhooks/history') || !response.ok()) return
    response
      .json()
      .then((body: { data?: unknown[] }) => (fetched += body.data?.length ?? 0))
      .catch(() => undefined)
  })
  // The first page came with the HTML.
  const first = (await bench.evaluate((b) => b.historyStatus())).held
  const deadline = Date.now() + timeoutMs
  let status = { held: first, ended: false }
  while (first + fetched < target && !status.ended && Date.now() < deadline) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await page.waitForTimeout(50)
    status = await bench.evaluate((b) => b.historyStatus())
  }
  return { loaded: first + fetched, held: status.held }
}

async function webhookHistory(
  browser: Browser,
  appUrl: string,
  session: Session,
): Promise<BigDataFigures> {
  const opened = await open(browser, `${appUrl}/webhooks`, session)
  try {
    const firstCard = await opened.bench.evaluate((b) => b.firstCard ?? Number.NaN)
    const started = Date.now()
    const { loaded, held } = await loadHistory(opened, HISTORY_TARGET, 240_000)
    const loadSeconds = round((Date.now() - started) / 1000, 1)
    // Loading scrolls as it goes: its longest task is reported apart from the clean scroll.
    const longestLoadTask = round(await opened.bench.evaluate((b) => b.longestTask(0)))
    return {
      firstCard: round(firstCard),
      longestLoadTask,
      loaded,
      held,
      loadSeconds,
      ...(await scrollAndCount(opened)),
    }
  } finally {
    await opened.page.close()
  }
}

export async function measureBigData(
  browser: Browser,
  appUrl: string,
  session: Session,
): Promise<SectionResult> {
  const aml = await amlReport(browser, appUrl, session)
  process.stdout.write('  big data: AML report done\n')
  const webhooks = await webhookHistory(browser, appUrl, session)
  const cases: [string, BigDataFigures][] = [
    ['AML report, 1,000 matches', aml],
    ['webhook history, 5,000 loaded records', webhooks],
  ]
  const budgets: Budget[] = cases.flatMap(([label, f]) => [
    budget(`first card of the ${label}`, f.firstCard, '<', 1000, 'ms'),
    budget(`DOM elements of the ${label}, at the end`, f.domNodes, '<', 5000, 'count'),
    budget(`longest task scrolling the ${label} to the end`, f.longestScrollTask, '≤', 100, 'ms'),
  ])
  budgets.push(
    budget('webhook history records loaded', webhooks.loaded ?? 0, '≥', HISTORY_TARGET, 'count'),
  )
  return {
    key: 'bigData',
    tables: [
      {
        title: '5. Big data in the browser (Chromium 1280×900, no throttling, signed in)',
        head: [
          'case',
          'first card',
          'DOM elements',
          'longest task, scroll',
          'longest task, load',
          'scroll steps',
          'end reached',
        ],
        rows: cases.map(([label, f]) => [
          label,
          ms(f.firstCard),
          f.domNodes,
          ms(f.longestScrollTask),
          ms(f.longestLoadTask),
          f.scrollSteps,
          f.reachedEnd ? 'yes' : 'no',
        ]),
        notes: [
          `Webhook history: ${webhooks.loaded ?? 0} records loaded in ${webhooks.loadSeconds ?? 0} s by keeping the end of the list in view; the page holds at most ${HISTORY_MAX_PAGES} pages (${webhooks.held ?? 0} records held at the end of loading).`,
          '"load": the longest task from navigation until the scroll starts (for the history: every page load too).',
        ],
      },
    ],
    budgets,
    data: { aml, webhooks },
  }
}
