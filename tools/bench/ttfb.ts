import { Agent, request } from 'node:http'

import { pageKinds } from '@/tools/bench/pages'
import { kb, ms, type SectionResult } from '@/tools/bench/report'
import { percentile, round } from '@/tools/bench/stats'

/*
 * Server render: time to the first byte of the response (headers), and to its last byte, of each
 * page kind. One keep-alive connection, so connection setup is not counted; pages take turns so
 * that noise spreads over all of them.
 */

type Sample = { ttfb: number; total: number; bytes: number; status: number }

function fetchTimed(agent: Agent, url: string, cookie: string): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const req = request(
      url,
      { agent, headers: { accept: 'text/html', 'accept-encoding': 'gzip', cookie } },
      (res) => {
        const ttfb = performance.now() - started
        let bytes = 0
        res.on('data', (chunk: Buffer) => (bytes += chunk.length))
        res.on('end', () =>
          resolve({ ttfb, total: performance.now() - started, bytes, status: res.statusCode ?? 0 }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end()
  })
}

type RenderFigures = {
  samples: number
  ttfbP50: number
  ttfbP95: number
  totalP50: number
  totalP95: number
  gzipBytes: number
  statuses: number[]
}

export async function measureRender(
  appUrl: string,
  cookie: string,
  options: { samples: number; warmup: number },
): Promise<SectionResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const samples = new Map<string, Sample[]>()
  try {
    for (let round = 0; round < options.warmup + options.samples; round++) {
      for (const page of pageKinds) {
        const sample = await fetchTimed(agent, appUrl + page.path, cookie)
        if (round >= options.warmup)
          samples.set(page.key, [...(samples.get(page.key) ?? []), sample])
      }
    }
  } finally {
    agent.destroy()
  }
  const figures: Record<string, RenderFigures> = {}
  for (const page of pageKinds) {
    const list = samples.get(page.key) ?? []
    const at = (field: 'ttfb' | 'total', p: number) =>
      round(
        percentile(
          list.map((s) => s[field]),
          p,
        ),
      )
    figures[page.key] = {
      samples: list.length,
      ttfbP50: at('ttfb', 50),
      ttfbP95: at('ttfb', 95),
      totalP50: at('total', 50),
      totalP95: at('total', 95),
      gzipBytes: list[0]?.bytes ?? 0,
      statuses: [...new Set(list.map((s) => s.status))],
    }
  }
  return {
    key: 'render',
    tables: [
      {
        title: `2. Server render (${options.samples} requests per page after ${options.warmup} warm-up; HTML gzip)`,
        head: ['page', 'TTFB p50', 'TTFB p95', 'complete p50', 'complete p95', 'HTML', 'status'],
        rows: pageKinds.map((page) => {
          const f = figures[page.key]
          return f
            ? [
                page.label,
                ms(f.ttfbP50),
                ms(f.ttfbP95),
                ms(f.totalP50),
                ms(f.totalP95),
                kb(f.gzipBytes),
                f.statuses.join(','),
              ]
            : [page.label, 'n/a', 'n/a', 'n/a', 'n/a', 'n/a', '']
        }),
        notes: ['TTFB: response headers; complete: last byte of the streamed HTML.'],
      },
    ],
    budgets: [],
    data: figures,
  }
}
