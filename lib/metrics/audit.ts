import 'server-only'

import { inSpan } from '@/lib/tracing/span'

import { counter, histogram, secondsSince } from './registry'

/*
 * The audit trail's appends on this instance: how many, whether they were committed, and how long
 * a request waited for its row (the read answers only once it is committed). A span "audit append"
 * with tracing on.
 */

const appends = () =>
  counter({
    name: 'verity_audit_appends_total',
    help: 'Audit rows appended by this instance, by outcome (ok: committed; failed: refused).',
    labelNames: ['outcome'],
  })

const durations = () =>
  histogram({
    name: 'verity_audit_append_duration_seconds',
    help: 'Time from asking to append an audit row to its commit, on this instance.',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
  })

export async function measuredAppend<R>(append: () => Promise<R>): Promise<R> {
  const started = performance.now()
  try {
    const record = await inSpan('audit append', {}, append)
    appends().inc({ outcome: 'ok' })
    return record
  } catch (error) {
    appends().inc({ outcome: 'failed' })
    throw error
  } finally {
    durations().observe(secondsSince(started))
  }
}
