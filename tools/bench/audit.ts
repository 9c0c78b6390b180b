import { exampleIds } from '@/lib/demo/example-ids'
import { ms, type SectionResult } from '@/tools/bench/report'
import { percentile, round } from '@/tools/bench/stats'

/*
 * One proxied request, part by part. Every response of the route carries Server-Timing
 * (lib/api/server-timing.ts): the API's gate (origin check, session), the session check in the data
 * layer, the upstream call, validation, projection, the audit append and serialisation. The rest
 * of the time the client waited is the framework (routing, the handler's wrapper) and the
 * loopback network. Sequential requests for concurrency 1, and a pool of 32 at once, where audit
 * appends that arrive together share one write.
 */

const PARTS = [
  'gate',
  'session',
  'upstream',
  'validation',
  'projection',
  'audit',
  'serialisation',
] as const
type Part = (typeof PARTS)[number]
type Sample = Record<Part, number> & { total: number }
type Figures = Record<Part | 'total' | 'rest', number> & {
  concurrency: number
  requests: number
  auditP99: number
}

function parse(header: string | null): Record<Part, number> {
  const value = (name: string) =>
    Number(new RegExp(`(?:^|, )${name};dur=([\\d.]+)`).exec(header ?? '')?.[1] ?? 0)
  return Object.fromEntries(PARTS.map((part) => [part, value(part)])) as Record<Part, number>
}

async function once(url: string, cookie: string): Promise<Sample> {
  const start = performance.now()
  const response = await fetch(url, { headers: { cookie } })
  await response.arrayBuffer()
  const total = performance.now() - start
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  return { total, ...parse(response.headers.get('server-timing')) }
}

async function run(url: string, cookie: string, concurrency: number, count: number) {
  const samples: Sample[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < count) samples.push(await once(url, cookie))
    }),
  )
  return samples
}

export async function measureAudit(
  appUrl: string,
  cookie: string,
  requests = 600,
): Promise<SectionResult> {
  const url = `${appUrl}/api/profiles/${exampleIds.defaultProfileId}`
  await run(url, cookie, 4, 100)
  const figures: Figures[] = []
  for (const concurrency of [1, 32]) {
    const samples = await run(url, cookie, concurrency, requests)
    const p50 = (pick: (sample: Sample) => number) => round(percentile(samples.map(pick), 50), 3)
    const parts = Object.fromEntries(PARTS.map((part) => [part, p50((s) => s[part])]))
    figures.push({
      concurrency,
      requests: samples.length,
      total: p50((s) => s.total),
      ...(parts as Record<Part, number>),
      rest: p50((s) => s.total - PARTS.reduce((sum, part) => sum + s[part], 0)),
      auditP99: round(
        percentile(
          samples.map((s) => s.audit),
          99,
        ),
        3,
      ),
    })
  }
  return {
    key: 'audit',
    tables: [
      {
        title: '1b. One proxied request, signed in, part by part (Server-Timing; p50 of each part)',
        head: ['conc.', 'requests', 'route', ...PARTS, 'audit p99', 'the rest'],
        rows: figures.map((f) => [
          f.concurrency,
          f.requests,
          ms(f.total),
          ...PARTS.map((part) => ms(f[part])),
          ms(f.auditP99),
          ms(f.rest),
        ]),
        notes: [
          'gate: the route wrapper’s origin check and session lookup (lib/api/gate.ts); the rest: the framework and the network, i.e. what the client waited for beyond the timed parts.',
        ],
      },
    ],
    budgets: [],
    data: figures,
  }
}
