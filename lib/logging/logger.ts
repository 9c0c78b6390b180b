import 'server-only'

import pino, { type DestinationStream, type Logger } from 'pino'

import { getEnv } from '@/lib/env'

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

/** One line of a job's run: which job, how it ended, how long it took, and its counts. */
export function logJob(
  job: string,
  outcome: 'ok' | 'failed',
  ms: number,
  fields: Record<string, string | number | boolean> = {},
) {
  const line = { log: 'job', job, outcome, ms: Math.round(ms * 10) / 10, ...fields }
  if (outcome === 'ok') logger().info(line, 'job done')
  else logger().warn(line, 'job failed')
}
