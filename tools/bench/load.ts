import autocannon from 'autocannon'

import { exampleIds } from '@/lib/demo/example-ids'
import { exampleApiKey } from '@/simulator/server/api-key'
import { budget, ms, type Budget, type SectionResult } from '@/tools/bench/report'
import { median, percentile, round } from '@/tools/bench/stats'

/*
 * Proxy cost. The servers' targets take turns in rounds, forwards and backwards by turns
 * (b c d e f, f e d c b, b c …), so that drift in the machine's load (other work on a shared box)
 * falls on each of them alike; a target's req/s is the median of its rounds', so that one round
 * the machine slowed does not decide a budget (this machine's speed moves by up to 40% within a
 * minute; two rounds a target, pooled, put the audited read between 45% and 61% of the floor in
 * runs minutes apart). Latencies are pooled per target from every response (sub-millisecond, which
 * autocannon's own histogram rounds away). d, e and f are the framework's floor (floor.ts) in a
 * bare Next.js app with no app code: fixed JSON, one upstream call, and the audited floor (the
 * call and a committed row in the same kind of store), against which the proxied route's budgets
 * are read; e to f is what the audit guarantee itself costs.
 */

type TargetKey = 'simulator' | 'proxy' | 'ping' | 'floorPing' | 'floorUpstream' | 'floorAudited'
type Target = { key: TargetKey; label: string; url: string; headers?: Record<string, string> }

type LoadFigures = {
  connections: number
  seconds: number
  rps: number
  p50: number
  p99: number
  requests: number
  failures: number
}

type Shot = { requests: number; seconds: number; latencies: number[]; failures: number }

function shoot(target: Target, connections: number, seconds: number): Promise<Shot> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = []
    const started = performance.now()
    const instance = autocannon(
      { url: target.url, connections, duration: seconds, headers: target.headers, timeout: 10 },
      (error, result) => {
        if (error) return reject(error)
        resolve({
          requests: latencies.length,
          seconds: (performance.now() - started) / 1000,
          latencies,
          failures: result.errors + result.timeouts + result.non2xx,
        })
      },
    )
    instance.on('response', (_client, _status, _bytes, responseMs) => {
      latencies.push(responseMs)
    })
  })
}

function targets(
  simulatorUrl: string,
  appUrl: string,
  floorUrl: string | null,
  cookie: string,
): Target[] {
  const id = exampleIds.defaultProfileId
  const floor: Target[] = floorUrl
    ? [
        { key: 'floorPing', label: '(d) bare Next.js, fixed JSON', url: `${floorUrl}/api/ping` },
        {
          key: 'floorUpstream',
          label: '(e) bare Next.js, one undici call',
          url: `${floorUrl}/api/upstream`,
        },
        {
          key: 'floorAudited',
          label: '(f) bare Next.js, the call + a committed row',
          url: `${floorUrl}/api/audited`,
        },
      ]
    : []
  return [
    {
      key: 'simulator',
      label: '(a) simulator direct',
      url: `${simulatorUrl}/api/v3/profiles/${id}`,
      headers: { 'ds-api-token': exampleApiKey, accept: 'application/json' },
    },
    {
      key: 'proxy',
      label: '(b) Verity /api/profiles/{id}, signed in',
      url: `${appUrl}/api/profiles/${id}`,
      headers: { cookie },
    },
    { key: 'ping', label: '(c) Verity /api/ping', url: `${appUrl}/api/ping` },
    ...floor,
  ]
}

export async function measureLoad(
  simulatorUrl: string,
  appUrl: string,
  floorUrl: string | null,
  cookie: string,
  options: { seconds: number; rounds: number; warmSeconds: number; levels: readonly number[] },
): Promise<SectionResult> {
  const list = targets(simulatorUrl, appUrl, floorUrl, cookie)
  const figures: Record<string, Record<TargetKey, LoadFigures>> = {}
  for (const connections of options.levels) {
    for (const target of list) await shoot(target, connections, options.warmSeconds)
    const shots = new Map<TargetKey, Shot[]>()
    const take = async (target: Target) => {
      const shot = await shoot(target, connections, options.seconds / options.rounds)
      shots.set(target.key, [...(shots.get(target.key) ?? []), shot])
    }
    // The simulator's own shots come after the rounds: at some 11,000 requests a second they leave
    // the simulator and the load generator collecting garbage into the next shot, which was always
    // Verity's proxied route (whose every request waits for the simulator).
    const served = list.filter((target) => target.key !== 'simulator')
    for (let index = 0; index < options.rounds; index++) {
      for (const target of index % 2 === 0 ? served : [...served].reverse()) await take(target)
    }
    for (const target of list.filter((target) => target.key === 'simulator')) {
      for (let index = 0; index < options.rounds; index++) await take(target)
    }
    figures[connections] = Object.fromEntries(
      list.map((target) => [target.key, combine(shots.get(target.key) ?? [], connections)]),
    ) as Record<TargetKey, LoadFigures>
    process.stdout.write(`  load: concurrency ${connections} done\n`)
  }
  return report(list, figures, options.levels)
}

/**
 * The audited read's share of the audited floor (issue #55, with the trail sequenced off the
 * request path): 80% with one request at a time, 90% under load.
 */
function auditedShare(level: number) {
  return level === 1 ? 0.8 : 0.9
}

function combine(shots: readonly Shot[], connections: number): LoadFigures {
  const latencies = shots.flatMap((shot) => shot.latencies)
  const seconds = shots.reduce((sum, shot) => sum + shot.seconds, 0)
  return {
    connections,
    seconds: round(seconds),
    rps: round(median(shots.map((shot) => shot.requests / shot.seconds)), 0),
    p50: round(percentile(latencies, 50), 3),
    p99: round(percentile(latencies, 99), 3),
    requests: latencies.length,
    failures: shots.reduce((sum, shot) => sum + shot.failures, 0),
  }
}

function report(
  list: readonly Target[],
  figures: Record<string, Record<TargetKey, LoadFigures>>,
  levels: readonly number[],
): SectionResult {
  const rows = levels.flatMap((level) =>
    list.map((target) => {
      const f = figures[level]?.[target.key]
      return f
        ? [target.label, level, f.rps, ms(f.p50), ms(f.p99), f.requests, f.failures]
        : [target.label, level, 'n/a', 'n/a', 'n/a', 0, 0]
    }),
  )
  const budgets: Budget[] = []
  for (const level of levels) {
    const { proxy, floorAudited } = figures[level] ?? {}
    budgets.push(
      budget(
        `proxied route ≥ ${100 * auditedShare(level)}% of the audited floor's throughput, concurrency ${level}`,
        proxy && floorAudited ? proxy.rps / floorAudited.rps : Number.NaN,
        '≥',
        auditedShare(level),
        'ratio',
        proxy && floorAudited ? `${proxy.rps} vs ${floorAudited.rps} req/s` : undefined,
      ),
    )
  }
  const one = figures[1]
  budgets.push(
    budget(
      "proxied route's p50 ≤ the audited floor's p50 + 0.5 ms, concurrency 1",
      one?.proxy.p50 ?? Number.NaN,
      '≤',
      one?.floorAudited ? one.floorAudited.p50 + 0.5 : Number.NaN,
      'ms',
    ),
  )
  for (const level of levels) {
    const { ping, floorPing } = figures[level] ?? {}
    budgets.push(
      budget(
        `/api/ping ≥ 90% of the floor's fixed-JSON route, concurrency ${level}`,
        ping && floorPing ? ping.rps / floorPing.rps : Number.NaN,
        '≥',
        0.9,
        'ratio',
        ping && floorPing ? `${ping.rps} vs ${floorPing.rps} req/s` : undefined,
      ),
    )
  }
  const floorNotes = levels.flatMap((level) => {
    const upstream = figures[level]?.floorUpstream
    const audited = figures[level]?.floorAudited
    const ping = figures[level]?.floorPing
    if (!upstream || !ping || !audited) return []
    return [
      `Floor, concurrency ${level}: one upstream call in a bare route reaches ${((upstream.rps / ping.rps) * 100).toFixed(0)}% of the bare route's throughput (e against d); committing a row as well, ${((audited.rps / upstream.rps) * 100).toFixed(0)}% of the one call's, p50 +${(audited.p50 - upstream.p50).toFixed(2)} ms (f against e: the audit guarantee's own cost).`,
    ]
  })
  const failures = levels.flatMap((level) =>
    list.map((target) => figures[level]?.[target.key]?.failures ?? 0),
  )
  return {
    key: 'load',
    tables: [
      {
        title:
          '1. Proxy cost (autocannon; rounds forwards and back; req/s the median of the rounds, p50/p99 over every response)',
        head: ['target', 'conc.', 'req/s', 'p50', 'p99', 'requests', 'failed'],
        rows,
        notes: [
          ...floorNotes,
          ...(failures.some((count) => count > 0)
            ? ['Some requests failed: the figures are suspect.']
            : []),
        ],
      },
    ],
    budgets,
    data: figures,
  }
}
