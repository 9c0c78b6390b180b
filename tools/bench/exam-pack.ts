// `npm run bench:exam [-- --rows 1000000]`: issue #58's budget for the exam pack. A PostgreSQL
// store is seeded with `--rows` audit rows over six months, chained under the audit key as the app
// chains them; the built app (`npm run build` first) makes the period's pack over HTTP while a
// reader asks for pages one after another. Prints the pack's time and size, the server's resident
// memory before and at its peak while packing, the pages' latency meanwhile, and whether the pack
// verifies offline with the public key. Budgets: minutes, +100 MiB, page p95 < 500 ms.
import { createHash, createPublicKey } from 'node:crypto'
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { parseArgs } from 'node:util'

import { sealHead, sealRecord, type AuditRecord } from '@/lib/audit/chain'
import { auditKey } from '@/lib/audit/key'
import { verifyExamPack } from '@/lib/exam/verify'
import { openStore } from '@/lib/store/open'
import { assertBuilt } from '@/tools/bench/build'
import { percentile, round } from '@/tools/bench/stats'
import { startApp } from '@/tools/harness/app'
import { startPostgres } from '@/tools/harness/postgres'

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '1000000' } },
})
const ROWS = Number(values.rows)
const FROM = '2026-01-01'
const TO = '2026-06-30'
const BATCH = 4_000
const AUDIT_HMAC_KEY = 'exam-bench-audit-key-of-at-least-32-characters'
const MIB = 1024 * 1024

assertBuilt(process.env.NEXT_DIST_DIR ?? '.next')
const work = mkdtempSync(join(tmpdir(), 'verity-exam-bench-'))
const postgres = await startPostgres({ shared_buffers: '512MB', max_wal_size: '4GB' })
let app: Awaited<ReturnType<typeof startApp>> | null = null
const stop = async () => {
  await app?.stop()
  postgres.stop()
  rmSync(work, { recursive: true, force: true })
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void stop().then(() => process.exit(130)))
}

/** The rows as the app writes them: sealed one after another, spread over the period. */
async function seed() {
  const store = await openStore({ databaseUrl: postgres.url, dataDir: work })
  const { key } = auditKey({ AUDIT_HMAC_KEY }, work)
  const start = Date.parse(`${FROM}T00:00:00Z`)
  const span = Date.parse(`${TO}T23:59:59Z`) - start
  let prev = '0'.repeat(64)
  const began = performance.now()
  try {
    for (let first = 1; first <= ROWS; first += BATCH) {
      const rows: AuditRecord[] = []
      for (let seq = first; seq < Math.min(first + BATCH, ROWS + 1); seq += 1) {
        const record = sealRecord(key, seq, prev, {
          time: new Date(start + Math.floor((span * seq) / (ROWS + 1))).toISOString(),
          user: `analyst${seq % 40}@bench.test`,
          analystId: `https://idp.bench analyst${seq % 40}`,
          action: seq % 7 === 0 ? 'case' : 'view',
          resource: { type: 'case', id: String(seq % 50_000) },
          ...(seq % 7 === 0 ? { field: 'claimed', reason: 'claimed' } : {}),
          requestId: createHash('sha256').update(String(seq)).digest('hex').slice(0, 32),
          outcome: 'ok',
        })
        rows.push(record)
        prev = record.hash
      }
      await store.db
        .insertInto('audit_events')
        .values(
          rows.map((record) => ({
            seq: record.seq,
            at: new Date(record.time),
            user_label: record.user,
            analyst_id: record.analystId ?? null,
            action: record.action,
            resource_type: record.resource.type,
            resource_id: record.resource.id,
            field: record.field ?? null,
            reason: record.reason ?? null,
            request_id: record.requestId,
            client_request_id: null,
            outcome: record.outcome,
            prev_hash: record.prevHash,
            hash: record.hash,
          })),
        )
        .execute()
    }
    const head = sealHead(key, ROWS, prev)
    await store.db
      .updateTable('audit_head')
      .set({ seq: head.seq, hash: head.hash, mac: head.mac })
      .where('id', '=', 1)
      .execute()
  } finally {
    await store.close()
  }
  return (performance.now() - began) / 1000
}

function rssOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024
}

/** Pages one after another until `done`: each one's time to its last byte. */
async function readPages(url: string, done: () => boolean) {
  const paths = ['/queue', '/api/cases', '/activity', '/api/health']
  const times: number[] = []
  for (let index = 0; !done(); index += 1) {
    const started = performance.now()
    const response = await fetch(`${url}${paths[index % paths.length]}`)
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`${paths[index % paths.length]} answered ${response.status}`)
    times.push(performance.now() - started)
  }
  return times
}

try {
  console.log(`seeding ${ROWS} audit rows…`)
  const seedSeconds = await seed()
  console.log(`seeded in ${round(seedSeconds, 1)} s; starting the app`)
  app = await startApp({
    name: 'exam-bench',
    env: {
      DATABASE_URL: postgres.url,
      AUDIT_HMAC_KEY,
      AUTH_DISABLED: 'true',
      DS_API_BASE_URL: 'http://127.0.0.1:9',
      DS_API_KEY: 'bench',
      HISTORY_SYNC: 'off',
      AUDIT_STDOUT: 'off',
    },
    output: 'memory',
    timeoutMs: 120_000,
  })
  const url = app.url
  const pid = app.pid
  // Warm: every page once, then the resident size at rest.
  await readPages(
    url,
    (() => {
      let left = 8
      return () => left-- <= 0
    })(),
  )
  await new Promise((resolve) => setTimeout(resolve, 2_000))
  const rest = rssOf(pid)
  let peak = rest
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid))
  }, 100)
  let packing = true
  const pages = readPages(url, () => !packing)
  const packPath = join(work, 'pack.zip')
  const began = performance.now()
  const response = await fetch(`${url}/api/exam-pack?from=${FROM}&to=${TO}`)
  if (!response.ok || !response.body) throw new Error(`the pack answered ${response.status}`)
  const firstByte = performance.now() - began
  await pipeline(Readable.fromWeb(response.body as WebReadableStream), createWriteStream(packPath))
  const packSeconds = (performance.now() - began) / 1000
  packing = false
  clearInterval(sampler)
  const latencies = await pages
  const key = createPublicKey(await (await fetch(`${url}/.well-known/verity-evidence-key`)).text())
  const verifyBegan = performance.now()
  const verdict = await verifyExamPack(packPath, key)
  const verifySeconds = (performance.now() - verifyBegan) / 1000
  const packBytes = readFileSync(packPath).length
  const results = {
    auditRows: ROWS,
    seedSeconds: round(seedSeconds, 1),
    packSeconds: round(packSeconds, 1),
    firstByteMs: round(firstByte, 0),
    packMiB: round(packBytes / MIB, 1),
    rssAtRestMiB: round(rest / MIB, 1),
    rssPeakMiB: round(peak / MIB, 1),
    rssGrowthMiB: round((peak - rest) / MIB, 1),
    pagesRead: latencies.length,
    pageP50Ms: round(percentile(latencies, 50), 0),
    pageP95Ms: round(percentile(latencies, 95), 0),
    pageMaxMs: round(Math.max(...latencies), 0),
    verifies: verdict.ok,
    verifySeconds: round(verifySeconds, 1),
    problems: verdict.problems,
  }
  console.log(JSON.stringify(results, null, 2))
  const budgets = [
    ['pack within minutes (< 600 s)', results.packSeconds < 600],
    ['server memory within +100 MiB', results.rssGrowthMiB <= 100],
    ['pages p95 < 500 ms while packing', results.pageP95Ms < 500],
    ['the pack verifies offline', results.verifies],
  ] as const
  for (const [budget, met] of budgets) console.log(`${met ? 'met    ' : 'MISSED '} ${budget}`)
} finally {
  await stop()
}
