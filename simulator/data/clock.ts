/*
 * Fixed dates: the data set must not depend on when it is built. "Now" for the simulated world is
 * SIM_NOW; FUTURE_REFERENCE is far enough ahead that open verifications expiring after it still
 * show a running countdown in the console for a long while.
 *
 * The demo (SIM_CLOCK=today, scripts/demo.mjs) moves "now" to the start of the current UTC day, so
 * its history runs up to today as the app's periods do, and is still the same data all day. The
 * tests leave it unset: their counts rely on the fixed date.
 */

const FIXED_NOW = Date.UTC(2026, 10, 1, 12, 0, 0)

function simulatedNow(): number {
  if (process.env.SIM_CLOCK !== 'today') return FIXED_NOW
  const today = new Date()
  return Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())
}

export const SIM_NOW = simulatedNow()
export const FUTURE_REFERENCE = Date.UTC(2027, 5, 1)

export const MINUTE = 60_000
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR

/** ISO-8601 with microseconds, as the provider writes them. */
export function iso(ms: number, micros = 0): string {
  return new Date(ms).toISOString().replace('Z', `${String(micros % 1000).padStart(3, '0')}Z`)
}

/** YYYY-MM-DD. */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

/** YYMMDD, the compact MRZ form. */
export function mrzDate(ms: number): string {
  const date = new Date(ms)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(date.getUTCFullYear() % 100)}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}`
}
