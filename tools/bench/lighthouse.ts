import { chromium } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Config } from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'

import { chromePath, offlineFlags } from '@/tools/bench/browser'
import { pageKinds, type PageKind } from '@/tools/bench/pages'
import { budget, kb, ms, type Budget, type SectionResult } from '@/tools/bench/report'
import type { Session } from '@/tools/harness/sign-in'
import { median, round } from '@/tools/bench/stats'

/*
 * Lighthouse's performance category with its desktop preset (1350×940, simulated fast network and
 * no CPU slowdown: the console is used at 1280 px and wider), which the budgets are on, and with its
 * defaults (mobile form factor, slow 4G, 4× CPU slowdown), whose figures are shown beside them
 * without a budget. Its own Chromium, launched once, offline. On a shared 2-core machine TBT
 * is the noisiest figure, so a page can be run several times and the median kept. A bare Next.js
 * page of the same build tools (floor.ts) runs first: the score the framework alone gets here,
 * which the budgets are read against. Verity's pages are loaded signed in: the session cookie is
 * put in the browser's cookie jar once, as a browser that signed in has it. Lighthouse clears the
 * cache and the origin's other storage before each page, not cookies. (Sent as an extra header
 * instead, it gave way to the jar's cookies as soon as a page set one of its own, and the page's
 * next request went without the session.)
 */

const floorPage: PageKind = { key: 'floor', label: 'bare Next.js page (floor)', path: '/' }

type Preset = 'desktop' | 'mobile'
const presets: Record<Preset, Config | undefined> = { desktop: desktopConfig, mobile: undefined }

/** `shifted`: what moved most in the run's layout shifts, when anything did (kept per run in the JSON). */
type Audit = { score: number; lcp: number; tbt: number; cls: number; fcp: number; shifted: string }
/**
 * What the page's LCP was, and what the browser loaded and ran: where a gap to the floor comes from.
 * `phases` is Lighthouse's LCP breakdown (TTFB / load delay / load time / render delay, simulated);
 * `observed` the paints this browser really made (FCP / LCP). Lantern counts every request that
 * finished, and every script that ran, before the observed LCP: a text LCP painted after the
 * framework's chunks ran pays for all of them as "render delay", and a paint React holds back (a
 * Suspense boundary that completes after the first frame is revealed no sooner than 300 ms after
 * it) shows as an observed LCP later than the observed FCP.
 */
type Diagnosis = {
  lcpElement: string
  phases: string
  observed: string
  bytes: number
  scriptMs: number
}

type Details = { type?: string; items?: Details[] } & Record<string, unknown>

/** The LCP element's label, from the audit's first table (Lighthouse 12). */
function lcpElementOf(details: unknown): string {
  const tables = (details as Details | undefined)?.items ?? []
  const node = (tables[0]?.items?.[0] as { node?: { nodeLabel?: string; selector?: string } })?.node
  return `${node?.selector ?? '?'}: ${(node?.nodeLabel ?? '').slice(0, 60)}`
}

/** The element of the largest layout shift, with its score; '' when nothing moved. */
function largestShiftOf(details: unknown): string {
  const items = ((details as Details | undefined)?.items ?? []) as {
    score?: number
    node?: { selector?: string; nodeLabel?: string }
    subItems?: { items?: { cause?: string }[] }
  }[]
  const top = [...items].sort((a, b) => (b.score ?? 0) - (a.score ?? 0))[0]
  if (!top?.node) return ''
  // Lighthouse's guess at why it moved (a web font, an unsized image, injected content), if any.
  const causes = (top.subItems?.items ?? []).flatMap((item) => (item.cause ? [item.cause] : []))
  return `${top.node.selector ?? '?'} (${(top.score ?? 0).toFixed(3)}): ${(top.node.nodeLabel ?? '').replace(/\s+/g, ' ').slice(0, 60)}${causes.length ? ` [${causes.join('; ')}]` : ''}`
}

/** The LCP breakdown's phases in ms, from the audit's second table (Lighthouse 12), "a/b/c/d". */
function lcpPhasesOf(details: unknown): string {
  const phases = (details as Details | undefined)?.items?.[1]?.items ?? []
  return phases.map((phase) => Math.round(Number(phase.timing))).join('/')
}

export async function measureLighthouse(
  appUrl: string,
  runs: number,
  floorUrl: string | null,
  session: Session,
): Promise<SectionResult> {
  const targets = [
    ...(floorUrl ? [{ page: floorPage, origin: floorUrl }] : []),
    ...pageKinds.map((page) => ({ page, origin: appUrl })),
  ]
  const chrome = await chromeLauncher.launch({
    chromePath,
    // Headless Chromium otherwise stops offering frames to a loading page now and then and presents
    // its first paint one or two whole seconds late (Lighthouse issue #17148): on this machine
    // observed FCP of one unchanged page came out at 0.17, 1.2 or 2.3 s, and Lantern turns that into
    // LCP. Drawing each frame in full removes the jumps, for the floor and Verity alike.
    chromeFlags: ['--headless=new', '--run-all-compositor-stages-before-draw', ...offlineFlags],
  })
  type Figures = Omit<Audit, 'shifted'> & Diagnosis & { runs: Audit[] }
  const byPreset: Record<Preset, Record<string, Figures>> = { desktop: {}, mobile: {} }
  try {
    const jar = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`)
    await jar.contexts()[0]?.addCookies([{ name: session.name, value: session.value, url: appUrl }])
    // Disconnects only: the browser stays Lighthouse's.
    await jar.close()
    for (const [preset, config] of Object.entries(presets) as [Preset, Config | undefined][]) {
      const figures = byPreset[preset]
      for (const { page, origin } of targets) {
        const audits: Audit[] = []
        let diagnosis: Diagnosis = {
          lcpElement: '',
          phases: '',
          observed: '',
          bytes: 0,
          scriptMs: 0,
        }
        for (let run = 0; run < runs; run++) {
          const lhr = await audited(origin + page.path, chrome.port, config)
          if (lhr.runtimeError)
            throw new Error(`Lighthouse on ${page.path}: ${lhr.runtimeError.message}`)
          // A page that sent the browser to sign-in would be measured as the sign-in page.
          if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(origin + page.path).pathname)
            throw new Error(`Lighthouse on ${page.path} ended on ${lhr.finalDisplayedUrl}`)
          const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
          audits.push({
            score: lhr.categories.performance?.score ?? Number.NaN,
            lcp: value('largest-contentful-paint'),
            tbt: value('total-blocking-time'),
            cls: value('cumulative-layout-shift'),
            fcp: value('first-contentful-paint'),
            shifted: largestShiftOf(lhr.audits['layout-shifts']?.details),
          })
          const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details
          const metrics = (lhr.audits.metrics?.details as Details | undefined)?.items?.[0] as
            | Record<string, number>
            | undefined
          diagnosis = {
            lcpElement: lcpElementOf(lcpDetails),
            phases: lcpPhasesOf(lcpDetails),
            observed: `${Math.round(metrics?.observedFirstContentfulPaint ?? Number.NaN)}/${Math.round(metrics?.observedLargestContentfulPaint ?? Number.NaN)}`,
            bytes: value('total-byte-weight'),
            scriptMs: value('bootup-time'),
          }
        }
        figures[page.key] = {
          score: median(audits.map((a) => a.score)),
          lcp: round(median(audits.map((a) => a.lcp))),
          tbt: round(median(audits.map((a) => a.tbt))),
          cls: round(median(audits.map((a) => a.cls)), 4),
          fcp: round(median(audits.map((a) => a.fcp))),
          ...diagnosis,
          runs: audits,
        }
        process.stdout.write(`  lighthouse (${preset}): ${page.label} done\n`)
      }
    }
  } finally {
    chrome.kill()
  }
  const floor = byPreset.desktop[floorPage.key]
  const budgets: Budget[] = pageKinds.flatMap((page) => {
    const f = byPreset.desktop[page.key]
    return [
      budget(
        `Lighthouse desktop score of ${page.label} ≥ floor − 0.03`,
        f?.score ?? Number.NaN,
        '≥',
        floor ? floor.score - 0.03 : Number.NaN,
        'score',
      ),
      budget(
        `desktop LCP of ${page.label} ≤ floor + 300 ms`,
        f?.lcp ?? Number.NaN,
        '≤',
        floor ? floor.lcp + 300 : Number.NaN,
        'ms',
      ),
      budget(
        `desktop TBT of ${page.label} ≤ floor + 150 ms`,
        f?.tbt ?? Number.NaN,
        '≤',
        floor ? floor.tbt + 150 : Number.NaN,
        'ms',
      ),
      budget(`desktop CLS of ${page.label}`, f?.cls ?? Number.NaN, '<', 0.02, 'score'),
    ]
  })
  const table = (preset: Preset) => {
    const figures = byPreset[preset]
    const base = figures[floorPage.key]
    return {
      title: `4. Lighthouse, ${preset} preset${preset === 'mobile' ? ' (no budget)' : ''} (simulated throttling, offline; median of ${runs} run${runs === 1 ? '' : 's'})`,
      head: ['page', 'score', 'FCP', 'LCP', 'TBT', 'CLS', 'TBT over floor', 'bytes', 'JS time'],
      rows: targets.map(({ page }) => {
        const f = figures[page.key]
        const diff = base && page !== floorPage && f ? f.tbt - base.tbt : null
        const overFloor = diff === null ? '' : `${diff < 0 ? '−' : '+'}${ms(Math.abs(diff))}`
        return f
          ? [
              page.label,
              f.score.toFixed(2),
              ms(f.fcp),
              ms(f.lcp),
              ms(f.tbt),
              f.cls.toFixed(3),
              overFloor,
              kb(f.bytes),
              ms(f.scriptMs),
            ]
          : [page.label, 'n/a', '', '', '', '', '', '', '']
      }),
      notes: [
        ...(floorUrl && preset === 'desktop'
          ? [
              'Floor: a bare, dynamically rendered Next.js page with one link, built with the same next and react (tools/bench/floor.ts).',
            ]
          : []),
        'bytes: everything transferred; JS time: script evaluation and parsing (bootup-time). LCP elements,',
        'with (last run) the LCP phases TTFB/load delay/load time/render delay and the observed FCP/LCP, ms:',
        ...targets.map(({ page }) => {
          const f = figures[page.key]
          return `  ${page.label}: ${f?.lcpElement ?? '?'} [phases ${f?.phases ?? '?'}; observed ${f?.observed ?? '?'}]`
        }),
      ],
    }
  }
  return {
    key: 'lighthouse',
    tables: [table('desktop'), table('mobile')],
    budgets,
    data: byPreset,
  }
}

/**
 * One Lighthouse run. A run in which headless Chromium presented no frame at all (NO_FCP, seen
 * on the floor's first page in one of three bench runs on 24 Nov) measured nothing: it is run
 * again, at most twice, and says so.
 */
async function audited(url: string, port: number, config: Config | undefined) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      config,
    )
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
    if (result.lhr.runtimeError?.code !== 'NO_FCP' || attempt === 3) return result.lhr
    process.stdout.write(`  lighthouse: ${url} painted nothing (NO_FCP); run again\n`)
  }
}
