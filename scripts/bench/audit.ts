import { exampleIds } from '@/lib/demo/example-ids'
import { ms, type SectionResult } from '@/scripts/bench/report'
import { percentile, round } from '@/scripts/bench/stats'

/*
 * The audit append's cost on the proxied route: every response of the route carries Server-Timing
 * (upstream read, audit append; lib/server-timing.ts), and the rest of the time the client waited
 * is the framework, the proxy and the network. Sequential requests for concurrency 1, and a pool
 * of 32 at once, where appends that arrive together share one write.
 */

type Sample = { total: number; upstream: number; audit: number }
type Figures = Sample & { concurrency: number; requests: number; rest: number; auditP99: number }

function parse(header: string | null) {
  const value = (name: string) =>
    Number(new RegExp(`${name};dur=([\\d.]+)`).exec(header ?? '')?.[1])
  return { upstream: value('upstream'), audit: value('audit') }
}

async function once(url: string): Promise<Sample> {
  const start = performance.now()
  const response = await fetch(url)
  await response.arrayBuffer()
  const total = performance.now() - start
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  return { total, ...parse(response.headers.get('server-timing')) }
}

async function run(url: string, concurrency: number, count: number) {
  const samples: Sample[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < count) samples.push(await once(url))
    }),
  )
  return samples
}

export async function measureAudit(appUrl: string, requests = 600): Promise<SectionResult> {
  const url = `${appUrl}/api/profiles/${exampleIds.defaultProfileId}`
  await run(url, 4, 100)
  const figures: Figures[] = []
  for (const concurrency of [1, 32]) {
    const samples = await run(url, concurrency, requests)
    const p50 = (pick: (sample: Sample) => number) => round(percentile(samples.map(pick), 50), 3)
    figures.push({
      concurrency,
      requests: samples.length,
      total: p50((s) => s.total),
      upstream: p50((s) => s.upstream),
      audit: p50((s) => s.audit),
      rest: p50((s) => s.total - s.upstream - s.audit),
      auditP99: round(
        percentile(
          samples.map((s) => s.audit),
          99,
        ),
        3,
      ),
    })
  }
  const one = figures[0]!
  const largest = Math.max(one.upstream, one.rest)
  return {
    key: 'audit',
    tables: [
      {
        title:
          '1b. Audit append on the proxied route (Server-Timing; p50 of each part per request)',
        head: [
          'conc.',
          'requests',
          'route',
          'upstream read',
          'audit append',
          'audit p99',
          'the rest',
          'audit share',
        ],
        rows: figures.map((f) => [
          f.concurrency,
          f.requests,
          ms(f.total),
          ms(f.upstream),
          ms(f.audit),
          ms(f.auditP99),
          ms(f.rest),
          `${((f.audit / f.total) * 100).toFixed(0)}%`,
        ]),
        notes: [
          'The rest: the framework, proxy.ts, zod and the network, i.e. what the client waited for beyond the two timed parts.',
        ],
      },
    ],
    budgets: [
      {
        name: 'audit append is not the largest part of the proxied route (p50, concurrency 1)',
        limit: `< ${ms(largest)}`,
        actual: ms(one.audit),
        pass: one.audit < largest,
      },
    ],
    data: figures,
  }
}
