import { parseArgs } from 'node:util'

/* The command line of `npm run bench`. */

export const sectionKeys = [
  'load',
  'audit',
  'render',
  'weight',
  'lighthouse',
  'bigData',
  'memory',
  'coldStart',
  'history',
  'analytics',
  'retention',
] as const
/** Run only when asked for (--only=history, --only=analytics, --only=retention): no build needed, minutes of their own. */
const ON_REQUEST: readonly SectionKey[] = ['history', 'analytics', 'retention']
export type SectionKey = (typeof sectionKeys)[number]

type BenchOptions = {
  build: boolean
  strict: boolean
  distDir: string
  sections: ReadonlySet<SectionKey>
  /** Seconds of load per target and concurrency, in `loadRounds` turns, after one turn's warm-up. */
  loadSeconds: number
  loadRounds: number
  renderSamples: number
  lighthouseRuns: number
  /** Whole runs, each with fresh servers; budgets are met only when met in every run. */
  runs: number
  historyRecords: number
  /** The history bench measures the PostgreSQL server only (PGlite takes long at a million). */
  historySkipPglite: boolean
  analyticsRecords: number
  retentionRecords: number
  /** Applicants the retention bench makes due and erases. */
  retentionApplicants: number
}

const usage = `npm run bench -- [--build] [--strict] [--runs=1] [--only=load,audit,render,weight,lighthouse,bigData,memory,coldStart]
                   [--load-seconds=12] [--load-rounds=4] [--render-samples=15] [--lighthouse-runs=1]
       npm run bench -- --only=history [--history-records=100000] [--history-skip-pglite]
       npm run bench -- --only=analytics [--analytics-records=100000]
       npm run bench -- --only=retention [--retention-records=1000000] [--retention-applicants=10000]
  --only=history backfills the history mirror from the simulator into PGlite and PostgreSQL and
  times the queue's, search's and applicant page's reads at that size.
  --only=analytics times the analytics page's queries over synthetic records, with EXPLAIN.
  --only=retention backfills a PostgreSQL server as --only=history does and times one retention
  run erasing that many applicants, with the pages' reads timed meanwhile.
  Runs against the production build in $NEXT_DIST_DIR (default .next); --build makes it first.
  --runs=N repeats the whole measurement with fresh servers and prints each budget's median and
  spread; a budget is met only when it is met in every run.
  Exits 0 whatever the budgets say, unless --strict (then 1 on any budget missed or not measured).`

function positive(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`--${name} must be a positive number\n${usage}`)
  return value
}

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      build: { type: 'boolean', default: false },
      strict: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
      only: { type: 'string' },
      'load-seconds': { type: 'string' },
      'load-rounds': { type: 'string' },
      'render-samples': { type: 'string' },
      'lighthouse-runs': { type: 'string' },
      runs: { type: 'string' },
      'history-records': { type: 'string' },
      'history-skip-pglite': { type: 'boolean', default: false },
      'analytics-records': { type: 'string' },
      'retention-records': { type: 'string' },
      'retention-applicants': { type: 'string' },
    },
  })
  if (values.help) {
    console.log(usage)
    process.exit(0)
  }
  const only = values.only?.split(',').map((item) => item.trim())
  const unknown = only?.filter((item) => !(sectionKeys as readonly string[]).includes(item)) ?? []
  if (unknown.length > 0) throw new Error(`Unknown section ${unknown.join(', ')}\n${usage}`)
  return {
    build: values.build,
    strict: values.strict,
    distDir: process.env.NEXT_DIST_DIR || '.next',
    sections: new Set(
      (only ?? sectionKeys.filter((key) => !ON_REQUEST.includes(key))) as SectionKey[],
    ),
    historyRecords: Math.round(positive('history-records', values['history-records'], 100_000)),
    historySkipPglite: values['history-skip-pglite'],
    analyticsRecords: Math.round(
      positive('analytics-records', values['analytics-records'], 100_000),
    ),
    retentionRecords: Math.round(
      positive('retention-records', values['retention-records'], 1_000_000),
    ),
    retentionApplicants: Math.round(
      positive('retention-applicants', values['retention-applicants'], 10_000),
    ),
    loadSeconds: positive('load-seconds', values['load-seconds'], 12),
    loadRounds: Math.round(positive('load-rounds', values['load-rounds'], 4)),
    renderSamples: Math.round(positive('render-samples', values['render-samples'], 15)),
    lighthouseRuns: Math.round(positive('lighthouse-runs', values['lighthouse-runs'], 1)),
    runs: Math.round(positive('runs', values.runs, 1)),
  }
}
