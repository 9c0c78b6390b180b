import 'server-only'

import {
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from 'prom-client'

/*
 * The process's one Prometheus registry, read by /api/metrics. Kept on globalThis like the store:
 * route bundles, the proxy and instrumentation each load this module, and a metric made twice
 * would either throw (same name) or count apart. Other modules add their metrics through
 * `counter`, `histogram` and `gauge` (made once, whichever bundle asks first) and, for values that
 * are really the store's state, through `beforeScrape`: read at scrape time, so that every
 * instance on one database reports the same truth.
 *
 * Labels are bounded words (a route template, an endpoint, an outcome, a state), never a raw path,
 * an id or anything an analyst typed (tests/e2e/observability.spec.ts).
 */

type Shared = {
  registry: Registry
  scrapes: Map<string, () => Promise<void>>
}

const KEY = Symbol.for('verity.metrics')
const shared = globalThis as typeof globalThis & { [KEY]?: Shared }

function state(): Shared {
  if (shared[KEY]) return shared[KEY]
  const registry = new Registry()
  // Process-local: CPU, memory, event-loop lag, open handles of this instance.
  collectDefaultMetrics({ register: registry, prefix: 'verity_process_' })
  return (shared[KEY] = { registry, scrapes: new Map() })
}

export function metricsRegistry(): Registry {
  return state().registry
}

function made<M>(name: string, make: () => M): M {
  return (metricsRegistry().getSingleMetric(name) as M | undefined) ?? make()
}

export function counter<L extends string>(config: CounterConfiguration<L>): Counter<L> {
  return made(config.name, () => new Counter({ ...config, registers: [metricsRegistry()] }))
}

export function histogram<L extends string>(config: HistogramConfiguration<L>): Histogram<L> {
  return made(config.name, () => new Histogram({ ...config, registers: [metricsRegistry()] }))
}

export function gauge<L extends string>(config: GaugeConfiguration<L>): Gauge<L> {
  return made(config.name, () => new Gauge({ ...config, registers: [metricsRegistry()] }))
}

/**
 * Runs `read` before each scrape (under `name`, once however often it is registered): it sets the
 * gauges it owns from the store. A read that fails leaves its gauges as the last scrape set them
 * and counts in `verity_metrics_read_failures_total`, so one slow table does not blank the page.
 */
export function beforeScrape(name: string, read: () => Promise<void>) {
  state().scrapes.set(name, read)
}

const readFailures = () =>
  counter({
    name: 'verity_metrics_read_failures_total',
    help: 'Store reads made for a scrape that failed, by what they read.',
    labelNames: ['read'],
  })

/** The registry in Prometheus' text format, after every store read has had its turn. */
export async function scrape(): Promise<{ text: string; contentType: string }> {
  const { registry, scrapes } = state()
  const failures = readFailures()
  await Promise.all(
    [...scrapes].map(([name, read]) => read().catch(() => failures.inc({ read: name }))),
  )
  return { text: await registry.metrics(), contentType: registry.contentType }
}

/** Seconds between two `performance.now()` readings, for histograms measured in seconds. */
export function secondsSince(started: number) {
  return (performance.now() - started) / 1_000
}
