import { gzipSync } from 'node:zlib'

import type { Browser } from '@playwright/test'

import { minimalPage, pageKinds, type PageKind } from '@/tools/bench/pages'
import { kb, type SectionResult } from '@/tools/bench/report'
import type { Session } from '@/tools/harness/sign-in'

/*
 * Page weight (context for the Lighthouse budgets, not a budget of its own): what a fresh browser
 * fetches on the first load of each route (until the network is idle), by kind: the HTML without
 * its inline RSC payload, the RSC payload (inline in the HTML and fetched), the JavaScript files
 * (each gzipped here at zlib's default level as `next start` serves it) and the data the page's
 * client code fetches from /api/, against the framework floor's bare page and Verity's minimal
 * page. The browser's list is used rather than the build manifests because it includes what
 * hydration fetches and reads the same way under webpack or Turbopack.
 */

/** Heavy code that should reach a client bundle only when a page needs it (text heuristics). */
const markers: Record<string, RegExp> = {
  zod: /\$Zod[A-Z]|ZodError/,
  'json-viewer': /pr-14 font-mono leading-5/,
  'react-virtual': /measureElement/,
  'jose/openid-client': /JWSSignatureVerificationFailed|openid-client/,
}

type Chunk = {
  url: string
  gzip: number
  transfer: number
  cacheControl: string
  markers: string[]
}
type RouteWeight = {
  path: string
  status: number
  gzip: number
  chunks: Chunk[]
  /** Raw bytes: the document without its inline RSC scripts, the RSC payload, client data. */
  html: number
  rsc: number
  data: number
  dataUrls: string[]
}

/** The inline RSC payload of a document: Next's `self.__next_f.push(...)` scripts. */
const INLINE_RSC = /<script>self\.__next_f\.push\(.*?<\/script>/gs

async function firstLoad(
  browser: Browser,
  appUrl: string,
  session: Session,
  page: PageKind,
): Promise<RouteWeight> {
  const context = await browser.newContext()
  await context.addCookies([{ name: session.name, value: session.value, url: appUrl }])
  const tab = await context.newPage()
  const pending: Promise<Chunk | null>[] = []
  const other: Promise<{ kind: 'html' | 'rsc' | 'data'; url: string; body: string } | null>[] = []
  tab.on('response', (response) => {
    if (!response.url().startsWith(appUrl)) return
    const type = response.request().resourceType()
    if (type === 'document' || type === 'fetch' || type === 'xhr') {
      other.push(
        response.text().then(
          (body) => {
            const url = response.url().slice(appUrl.length)
            const rsc =
              url.includes('_rsc=') ||
              /text\/x-component/.test(response.headers()['content-type'] ?? '')
            return { kind: type === 'document' ? 'html' : rsc ? 'rsc' : 'data', url, body }
          },
          () => null,
        ),
      )
      return
    }
    if (type !== 'script') return
    pending.push(
      (async () => {
        const body = await response.body().catch(() => null)
        if (!body) return null
        const sizes = await response
          .request()
          .sizes()
          .catch(() => null)
        const text = body.toString('utf8')
        return {
          url: response.url().slice(appUrl.length),
          gzip: gzipSync(body).length,
          transfer: sizes?.responseBodySize ?? 0,
          cacheControl: response.headers()['cache-control'] ?? '',
          markers: Object.keys(markers).filter((name) => markers[name]?.test(text)),
        }
      })(),
    )
  })
  const response = await tab.goto(appUrl + page.path, { waitUntil: 'networkidle', timeout: 60_000 })
  const chunks = (await Promise.all(pending)).filter((chunk): chunk is Chunk => chunk !== null)
  const others = (await Promise.all(other)).filter((item) => item !== null)
  await context.close()
  const bytes = (text: string) => Buffer.byteLength(text)
  let html = 0
  let rsc = 0
  let data = 0
  for (const item of others) {
    if (item.kind === 'html') {
      const inline = (item.body.match(INLINE_RSC) ?? []).reduce(
        (sum, script) => sum + bytes(script),
        0,
      )
      html += bytes(item.body) - inline
      rsc += inline
    } else if (item.kind === 'rsc') rsc += bytes(item.body)
    else data += bytes(item.body)
  }
  return {
    path: page.path,
    status: response?.status() ?? 0,
    gzip: chunks.reduce((sum, chunk) => sum + chunk.gzip, 0),
    chunks: chunks.sort((a, b) => b.gzip - a.gzip),
    html,
    rsc,
    data,
    dataUrls: others.filter((item) => item.kind === 'data').map((item) => item.url),
  }
}

export async function measureWeight(
  browser: Browser,
  appUrl: string,
  session: Session,
  floorUrl: string | null,
): Promise<SectionResult> {
  const bare = floorUrl
    ? await firstLoad(browser, floorUrl, session, { key: 'floor', label: 'floor', path: '/' })
    : null
  const floor = await firstLoad(browser, appUrl, session, minimalPage)
  const floorUrls = new Set(floor.chunks.map((chunk) => chunk.url))
  const routes: [PageKind, RouteWeight][] = [[minimalPage, floor]]
  for (const page of pageKinds) routes.push([page, await firstLoad(browser, appUrl, session, page)])

  const rows = routes.map(([page, weight]) => {
    const own = weight.chunks.filter((chunk) => !floorUrls.has(chunk.url))
    const over = weight.gzip - floor.gzip
    const found = [...new Set(weight.chunks.flatMap((chunk) => chunk.markers))]
    const heaviest = own
      .slice(0, 2)
      .map(
        (chunk) =>
          `${kb(chunk.gzip)}${chunk.markers.length ? ` [${chunk.markers.join(',')}]` : ''}`,
      )
    return [
      page.label,
      kb(weight.gzip),
      page === minimalPage ? '—' : `${over >= 0 ? '+' : ''}${kb(over)}`,
      weight.chunks.length,
      own.length,
      found.join(',') || '—',
      heaviest.join(' ') || '—',
    ]
  })
  const withZod = found(routes, 'zod')
  // Hashed file names never change content, so a browser may keep them for good.
  const notImmutable = routes.flatMap(([, weight]) =>
    weight.chunks.filter(
      (chunk) => chunk.url.startsWith('/_next/static/') && !/immutable/.test(chunk.cacheControl),
    ),
  )
  return {
    key: 'weight',
    tables: [
      {
        title: '3. Page weight (first-load JS, gzip, as fetched by Chromium until network idle)',
        head: [
          'route',
          'JS gzip',
          'vs minimal',
          'files',
          'own files',
          'heavy code found',
          'largest own files',
        ],
        rows,
        notes: [
          `Minimal page: the not-found page (${minimalPage.path}), i.e. root layout, providers and framework only.`,
          '"own files": scripts the minimal page does not load. Markers are text heuristics on the minified code.',
          `zod in client bundles: ${withZod.join(', ') || 'none'}; static JS not served immutable: ${notImmutable.length === 0 ? 'none' : `${notImmutable.length}, e.g. ${notImmutable[0]?.url}`}.`,
        ],
      },
      {
        title: '3b. Bytes per page kind, first load (raw; JS gzip), against the floor',
        head: ['page', 'HTML', 'RSC', 'JS gzip', 'data', 'data requests'],
        rows: [
          ...(bare ? [['bare Next.js page (floor)', ...kinds(bare)]] : []),
          ...routes.map(([page, weight]) => [page.label, ...kinds(weight)]),
        ],
        notes: [
          'HTML without its inline RSC scripts; RSC: inline in the HTML and fetched; data: what client code fetched from /api/.',
        ],
      },
    ],
    budgets: [],
    data: {
      ...(bare ? { floor: bare } : {}),
      ...Object.fromEntries(routes.map(([page, weight]) => [page.key, weight])),
    },
  }
}

function kinds(weight: RouteWeight): (string | number)[] {
  return [
    kb(weight.html),
    kb(weight.rsc),
    kb(weight.gzip),
    kb(weight.data),
    weight.dataUrls.join(' ') || '—',
  ]
}

function found(routes: readonly [PageKind, RouteWeight][], marker: string): string[] {
  return routes
    .filter(([, weight]) => weight.chunks.some((chunk) => chunk.markers.includes(marker)))
    .map(([page]) => page.label)
}
