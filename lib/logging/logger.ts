import 'server-only'

import pino, { type DestinationStream, type Logger } from 'pino'

import { getEnv } from '@/lib/env'
import { inSpan } from '@/lib/tracing/span'

/*
 * Verity's own log: JSON lines on standard output (pino), one object a line, like the audit rows
 * AUDIT_STDOUT writes there. Every line says what it is in `log` (`request`, `job`, `app`; the
 * audit rows say `audit`), so a log shipper can route them apart. Lines carry ids, route
 * templates, counts and kinds of failure: never a record's values, a query string, a header, a
 * key or a token (tests/unit/logging/logging.test.ts). As a last guard, members with the names of
 * secrets are replaced wherever they appear.
 */

const REDACTED = [
  'key',
  'token',
  'secret',
  'password',
  'authorization',
  'cookie',
  '*.key',
  '*.token',
  '*.secret',
  '*.password',
  '*.authorization',
  '*.cookie',
]

/**
 * Written through `process.stdout` rather than a file descriptor of its own, like the audit rows:
 * one stream, so their lines never interleave.
 */
export function createLogger(
  level: string,
  destination: DestinationStream = process.stdout,
): Logger {
  const options = {
    level,
    base: null,
    messageKey: 'msg',
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    redact: { paths: REDACTED, censor: '[redacted]' },
  }
  return pino(options, destination)
}

const KEY = Symbol.for('verity.logger')
const shared = globalThis as typeof globalThis & { [KEY]?: Logger }

/** The process's logger, at LOG_LEVEL (one for every bundle, like the store). */
export function logger(): Logger {
  return (shared[KEY] ??= createLogger(getEnv().LOG_LEVEL))
}

type JobFields = Record<string, string | number | boolean>

/**
 * Runs one job (a queued notification's delivery, a look for events, a page of the mirror) and
 * writes its one `job` line: which job, how it ended, how long it took, and the counts `fields`
 * gives (never a value). A span with tracing on. The job's error, if any, is rethrown as it is.
 */
export async function runJob<T>(
  job: string,
  run: () => Promise<T>,
  fields: (result: T) => JobFields = () => ({}),
): Promise<T> {
  const started = performance.now()
  const ms = () => Math.round((performance.now() - started) * 10) / 10
  try {
    const result = await inSpan(`job ${job}`, {}, run)
    logger().info({ log: 'job', job, outcome: 'ok', ms: ms(), ...fields(result) }, 'job done')
    return result
  } catch (error) {
    // The kind of error only: its message may quote what the store or a channel was sent.
    const kind = error instanceof Error ? error.name : 'unknown'
    logger().warn({ log: 'job', job, outcome: 'failed', ms: ms(), error: kind }, 'job failed')
    throw error
  }
}
