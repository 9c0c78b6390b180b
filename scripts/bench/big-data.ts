import { readFileSync } from 'node:fs'

import type { Browser, JSHandle, Page } from '@playwright/test'

import { exampleIds } from '@/lib/demo/example-ids'
import { ms, type Budget, type SectionResult } from '@/scripts/bench/report'
import { round } from '@/scripts/bench/stats'

/*
 * Big data in the browser: the 1,000-match AML report, and the webhook history with 5,000 records
 * loaded through its own "load more" paging. For each: when the first card is painted, how many
 * elements the document holds once scrolled to the end, and the longest task of that scroll.
 * AML match cards and webhook records are both <article> elements.
 */

const CARD = 'main article'
const HISTORY_TARGET = 5_000
const inPage = readFileSync(new URL('./in-page.js', import.meta.url), 'utf8')

type InPage = {
  firstCard: number | null
  longestTask(from: number): number
  taskCount(): number
  scrollToEnd(timeoutMs: number): Promise<{ steps: number; reachedEnd: boolean }>
  loadHistory(target: number, timeoutMs: number): Promise<{ loaded: number; ended: boolean }>
}

export type BigDataFigures = {
  firstCard: number
  domNodes: number
  longestScrollTask: number
  longestLoadTask: number
  scrollSteps: number
  reachedEnd: boolean
  loaded?: number
  loadSeconds?: number
}

type Opened = { page: Page; bench: JSHandle<InPage> }

async function open(browser: Browser, url: string): Promise<Opened> {
  // One request first, as the render section does: the figures are of a warm server, not of the
  // first render of a route after start.
  await fetch(url).then((response) => response.arrayBuffer())
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
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

async function amlReport(browser: Browser, appUrl: string): Promise<BigDataFigures> {
  const opened = await open(browser, `${appUrl}/aml/${exampleIds.amlBigId}`)
  try {
    const firstCard = await opened.bench.evaluate((b) => b.firstCard ?? Number.NaN)
    await opened.page.waitForTimeout(500)
    const longestLoadTask = round(await opened.bench.evaluate((b) => b.longestTask(0)))
    return { firstCard: round(firstCard), longestLoadTask, ...(await scrollAndCount(opened)) }
  } finally {
    await opened.page.close()
  }
}

async function webhookHistory(browser: Browser, appUrl: string): Promise<BigDataFigures> {
  const opened = await open(browser, `${appUrl}/webhooks`)
  try {
    const firstCard = await opened.bench.evaluate((b) => b.firstCard ?? Number.NaN)
    const started = Date.now()
    const loaded = await opened.bench.evaluate(
      (b, [target, timeout]) => b.loadHistory(target, timeout),
      [HISTORY_TARGET, 150_000] as const,
    )
    const loadSeconds = round((Date.now() - started) / 1000, 1)
    // Loading scrolls as it goes: its longest task is reported apart from the clean scroll.
    const longestLoadTask = round(await opened.bench.evaluate((b) => b.longestTask(0)))
    return {
      firstCard: round(firstCard),
      longestLoadTask,
      loaded: loaded.loaded,
      loadSeconds,
      ...(await scrollAndCount(opened)),
    }
  } finally {
    await opened.page.close()
  }
}

export async function measureBigData(browser: Browser, appUrl: string): Promise<SectionResult> {
  const aml = await amlReport(browser, appUrl)
  process.stdout.write('  big data: AML report done\n')
  const webhooks = await webhookHistory(browser, appUrl)
  const cases: [string, BigDataFigures][] = [
    ['AML report, 1,000 matches', aml],
    [`webhook history, ${(webhooks.loaded ?? 0).toLocaleString('en')} records`, webhooks],
  ]
  const budgets: Budget[] = cases.flatMap(([label, f]) => [
    {
      name: `first card of ${label}`,
      limit: '< 1500 ms',
      actual: ms(f.firstCard),
      pass: f.firstCard < 1500,
    },
    {
      name: `DOM elements of ${label} at the end`,
      limit: '< 5000',
      actual: String(f.domNodes),
      pass: f.domNodes < 5000,
    },
    {
      name: `longest task scrolling ${label}`,
      limit: '≤ 100 ms',
      actual: ms(f.longestScrollTask),
      pass: f.longestScrollTask <= 100,
    },
  ])
  if ((webhooks.loaded ?? 0) < HISTORY_TARGET) {
    budgets.push({
      name: 'webhook history reaches 5,000 loaded records',
      limit: '≥ 5000',
      actual: String(webhooks.loaded ?? 0),
      pass: false,
    })
  }
  return {
    key: 'bigData',
    tables: [
      {
        title: '5. Big data in the browser (Chromium 1280×900, no throttling)',
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
          `Webhook history: ${webhooks.loaded ?? 0} records loaded in ${webhooks.loadSeconds ?? 0} s by keeping the end of the list in view.`,
          '"load": the longest task from navigation until the scroll starts (for the history: every page load too).',
        ],
      },
    ],
    budgets,
    data: { aml, webhooks },
  }
}
