// Plain JS so that next.config.js can import it and a bad environment stops the server at start.
import { isIP } from 'node:net'

import { z } from 'zod'

const schema = z.object({
  DS_API_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://api.dataspike.io' })
    .transform((value) => value.replace(/\/+$/, '')),
  DS_API_KEY: z
    .string({ error: 'is required (the upstream API key sent as ds-api-token)' })
    .trim()
    .min(1, 'must not be empty'),
  DS_API_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(100, 'must be at least 100')
    .max(120_000, 'must be at most 120000')
    .default(10_000),
  DS_API_BREAKER_COOLOFF_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(1_000, 'must be at least 1000')
    .max(300_000, 'must be at most 300000')
    .default(15_000),
  VERITY_DEMO: z
    .enum(['0', '1', 'true', 'false'], { error: 'must be true or false' })
    .optional()
    .transform((value) => value === '1' || value === 'true'),
  // `npm run demo` only: the demo's cases and decisions are weeks of a team's work, timed by the
  // records (lib/cases/demo-work.ts); the tests keep the simpler seed their counts rely on.
  VERITY_DEMO_WORK: z
    .enum(['0', '1', 'true', 'false'], { error: 'must be true or false' })
    .optional()
    .transform((value) => value === '1' || value === 'true'),
  AUTH_DISABLED: z
    .enum(['0', '1', 'true', 'false'], { error: 'must be true or false' })
    .optional()
    .transform((value) => value === '1' || value === 'true'),
  OIDC_ISSUER: z
    .url({ protocol: /^https?$/, error: 'must be the issuer URL of an OpenID Connect provider' })
    .refine(secureOrLoopback, 'must use https (plain http only on 127.0.0.1 or localhost)')
    .optional(),
  OIDC_CLIENT_ID: optionalText(),
  OIDC_CLIENT_SECRET: optionalText(),
  AUTH_ALLOWED_EMAIL_DOMAINS: commaList((item) => item.toLowerCase().replace(/^@/, '')),
  AUTH_ALLOWED_GROUPS: commaList((item) => item),
  // Members of these groups assign and reassign cases; they must also be allowed to sign in.
  AUTH_LEAD_GROUPS: commaList((item) => item),
  APP_URL: z
    .url({ protocol: /^https?$/, error: 'must be the public http(s) origin of Verity' })
    .transform((value) => new URL(value).origin)
    .optional(),
  // The proxies whose X-Forwarded-Host and -Proto are believed (lib/auth/request.ts).
  TRUSTED_PROXIES: commaList((item) => item).refine(
    (items) => items.every(isAddressOrRange),
    'must be IP addresses or CIDR ranges separated by commas, such as 10.0.0.5,10.1.0.0/16',
  ),
  SESSION_MAX_AGE_S: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(300, 'must be at least 300')
    .max(7 * 24 * 3600, 'must be at most 604800 (7 days)')
    .default(8 * 3600),
  SESSION_IDLE_TIMEOUT_S: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(60, 'must be at least 60')
    .max(24 * 3600, 'must be at most 86400 (a day)')
    .default(30 * 60),
  // How often a session asks the provider whether the account still stands; fractions of a
  // minute are for tests.
  AUTH_RECHECK_MINUTES: z.coerce
    .number({ error: 'must be a number of minutes' })
    .min(0.05, 'must be at least 0.05 (3 seconds)')
    .max(480, 'must be at most 480 (8 hours)')
    .default(15),
  ...storeShape(),
  PII_MASKING: z
    .enum(['on', 'off', 'true', 'false'], { error: 'must be on or off' })
    .optional()
    .transform((value) => value !== 'off' && value !== 'false'),
  REVEAL_LIMIT_PER_MINUTE: actionLimit('reveals', 30),
  UNMASKED_EXPORT_LIMIT_PER_HOUR: actionLimit('unmasked exports', 10),
  EVIDENCE_PACK_LIMIT_PER_HOUR: actionLimit('evidence packs', 20),
  REVEAL_REF_KEY: optionalText().refine(
    (value) => value === undefined || value.length >= 32,
    'must be at least 32 characters (for example `openssl rand -base64 48`)',
  ),
  ...historyShape(),
  CASE_SLA_HOURS: slaHours(),
  ...caseDutyShape(),
})

/** How many of a sensitive action one analyst may take in its window (lib/limits/). @param {string} what @param {number} fallback */
function actionLimit(what, fallback) {
  return z.coerce
    .number({ error: `must be a number of ${what}` })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1_000, 'must be at most 1000')
    .default(fallback)
}

const SLA_KEYS = ['High', 'Medium', 'failed_verification']

/** `High=24,Medium=72,failed_verification=48`: hours from a case's making to its due date, by kind. */
function slaHours() {
  return z
    .string()
    .optional()
    .transform((value, context) => {
      /** @type {Record<string, number>} */
      const hours = { High: 24, Medium: 72, failed_verification: 48 }
      for (const item of (value ?? '').split(',')) {
        if (!item.trim()) continue
        const [key = '', number = ''] = item.split('=').map((part) => part.trim())
        const parsed = Number(number)
        if (!SLA_KEYS.includes(key) || !/^\d+$/.test(number) || parsed < 1 || parsed > 8_760) {
          context.addIssue({
            code: 'custom',
            message: `must be like High=24,Medium=72,failed_verification=48 (whole hours, 1-8760; "${item.trim()}" is not)`,
          })
          return z.NEVER
        }
        hours[key] = parsed
      }
      return {
        High: hours.High ?? 24,
        Medium: hours.Medium ?? 72,
        failed_verification: hours.failed_verification ?? 48,
      }
    })
}

/** Work that assigns and escalates itself (docs/cases.md), both opt-in. */
function caseDutyShape() {
  return {
    CASE_AUTO_ASSIGN: onOff(),
    CASE_AUTO_ASSIGN_ACTIVE_HOURS: wholeNumber('hours', 1, 720).default(8),
    CASE_AUTO_ASSIGN_MAX: wholeNumber('cases', 1, 10_000).default(10),
    CASE_ESCALATE: onOff(),
    CASE_ESCALATE_AFTER_HOURS: wholeNumber('hours', 1, 8_760).default(24),
  }
}

/** `on` or `off` (also `true`, `false`), off when unset. */
function onOff() {
  return z
    .enum(['on', 'off', 'true', 'false'], { error: 'must be on or off' })
    .optional()
    .transform((value) => value === 'on' || value === 'true')
}

/** The history mirror (lib/history-mirror/): also read by `npm run history:sync`. */
function historyShape() {
  return {
    HISTORY_SYNC: z
      .enum(['on', 'off', 'true', 'false'], { error: 'must be on or off' })
      .optional()
      .transform((value) => value !== 'off' && value !== 'false'),
    HISTORY_POLL_SECONDS: wholeNumber('seconds', 1, 3_600).default(10),
    HISTORY_PAGE_SIZE: wholeNumber('records', 1, 1_000).default(100),
    // Unset keeps every record; a compliance team usually keeps years, so days up to a century.
    HISTORY_RETENTION_DAYS: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      wholeNumber('days', 1, 36_500).optional(),
    ),
    HISTORY_LEASE_SECONDS: wholeNumber('seconds', 3, 600).default(45),
  }
}

/** @param {string} unit @param {number} min @param {number} max */
function wholeNumber(unit, min, max) {
  return z.coerce
    .number({ error: `must be a number of ${unit}` })
    .int(`must be a whole number of ${unit}`)
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
}

/** The store and the audit key: also read by the command-line tools, which need no upstream. */
function storeShape() {
  return {
    // Empty is unset: the embedded store.
    DATABASE_URL: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z
        .url({
          protocol: /^postgres(ql)?$/,
          error: 'must be a postgres:// URL such as postgres://verity@db.internal:5432/verity',
        })
        .optional(),
    ),
    VERITY_DATA_DIR: optionalText(),
    AUDIT_HMAC_KEY: optionalText().refine(
      (value) => value === undefined || value.length >= 32,
      'must be at least 32 characters (for example `openssl rand -base64 48`)',
    ),
    SESSION_SECRET: optionalText().refine(
      (value) => value === undefined || value.length >= 32,
      'must be at least 32 characters (for example `openssl rand -base64 48`)',
    ),
  }
}

const storeSchema = z.object(storeShape())

function optionalText() {
  return z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
}

/** @param {(item: string) => string} normalise */
function commaList(normalise) {
  return z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((item) => normalise(item.trim()))
        .filter(Boolean),
    )
}

/** @param {string} value */
function isAddressOrRange(value) {
  const [address = '', prefix, extra] = value.split('/')
  const family = isIP(address)
  if (family === 0 || extra !== undefined) return false
  if (prefix === undefined) return true
  const bits = Number(prefix)
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128)
}

/** @param {string} value */
function secureOrLoopback(value) {
  const url = new URL(value)
  return url.protocol === 'https:' || ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
}

const SIGN_IN_VARIABLES = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'SESSION_SECRET']

/**
 * Secure by default: a production server needs sign-in unless AUTH_DISABLED=true says otherwise,
 * and a half-configured sign-in is an error anywhere. Checked apart from the schema so that the
 * message names these together with any other bad variable.
 * @param {Record<string, string | undefined>} source
 * @returns {string[]}
 */
function signInIssues(source) {
  if (source.AUTH_DISABLED === 'true' || source.AUTH_DISABLED === '1') return []
  const blank = (/** @type {string} */ name) => !source[name]?.trim()
  const started = SIGN_IN_VARIABLES.some((name) => !blank(name))
  if (!started && source.NODE_ENV !== 'production') return []
  const lines = SIGN_IN_VARIABLES.filter(blank).map((name) => `  ${name} is required for sign-in`)
  if (blank('AUTH_ALLOWED_EMAIL_DOMAINS') && blank('AUTH_ALLOWED_GROUPS')) {
    lines.push('  AUTH_ALLOWED_EMAIL_DOMAINS or AUTH_ALLOWED_GROUPS is required: who may sign in')
  }
  // Sign-in redirects to and sets cookies for the public origin, which a production server must
  // not take from headers anyone can send (the demo on simulated data is exempt, as for the key).
  const demo = source.VERITY_DEMO === 'true' || source.VERITY_DEMO === '1'
  if (source.NODE_ENV === 'production' && !demo && blank('APP_URL') && blank('TRUSTED_PROXIES')) {
    lines.push(
      '  APP_URL or TRUSTED_PROXIES is required in production with sign-in: the public origin (https://verity.example.com), or the proxies whose X-Forwarded-Host/-Proto are believed',
    )
  }
  if (lines.length > 0) lines.push('  (or set AUTH_DISABLED=true to serve without sign-in)')
  return lines
}

/**
 * The audit trail's key must be the same on every instance and must not live beside the data in
 * production: there it is AUDIT_HMAC_KEY, and a shared database needs a key every instance has.
 * @param {Record<string, string | undefined>} source
 * @returns {string[]}
 */
function auditKeyIssues(source) {
  if (source.AUDIT_HMAC_KEY?.trim()) return []
  const demo = source.VERITY_DEMO === 'true' || source.VERITY_DEMO === '1'
  if (source.NODE_ENV === 'production' && !demo) {
    return ["  AUDIT_HMAC_KEY is required in production: the key of the audit trail's HMAC chain"]
  }
  if (source.DATABASE_URL?.trim() && !source.SESSION_SECRET?.trim()) {
    return [
      '  AUDIT_HMAC_KEY (or SESSION_SECRET) is required with DATABASE_URL: every instance signs one audit trail',
    ]
  }
  return []
}

/** @typedef {z.output<typeof schema>} Env */
/** @typedef {z.output<typeof storeSchema>} StoreEnv */

/**
 * Parses an environment, throwing one error that names every bad variable.
 * @param {Record<string, string | undefined>} source
 * @returns {Env}
 */
export function parseEnv(source) {
  const result = schema.safeParse(source)
  const more = [...signInIssues(source), ...auditKeyIssues(source)]
  if (result.success && more.length === 0) return result.data
  return fail(`Invalid environment:\n${[...issueLines(result.error, source), ...more].join('\n')}`)
}

/**
 * Parses only what the store and the audit key need (the command-line tools).
 * @param {Record<string, string | undefined>} source
 * @returns {StoreEnv}
 */
export function parseStoreEnv(source) {
  const result = storeSchema.safeParse(source)
  if (result.success) return result.data
  return fail(`Invalid environment:\n${issueLines(result.error, source).join('\n')}`)
}

/**
 * @param {z.ZodError | undefined} error
 * @param {Record<string, string | undefined>} source
 */
function issueLines(error, source) {
  return (error?.issues ?? []).map((issue) => {
    const name = issue.path.join('.')
    const message =
      issue.code === 'invalid_type' && source[name] === undefined ? 'is required' : issue.message
    return `  ${name} ${message}`
  })
}

/** @param {string} message @returns {never} */
function fail(message) {
  throw new Error(message)
}

/** @type {Env | undefined} */
let cached

/** The validated environment, read once per process. @returns {Env} */
export function getEnv() {
  if (!cached) {
    cached = parseEnv(process.env)
    warnWithoutSignIn(cached)
  }
  return cached
}

/** Said once per process, at server start (next.config.js reads the environment then). @param {Env} env */
function warnWithoutSignIn(env) {
  if (env.OIDC_ISSUER && !env.AUTH_DISABLED) return
  const flag = Symbol.for('verity.sign-in-warning')
  const state = /** @type {Record<symbol, boolean>} */ (/** @type {unknown} */ (globalThis))
  if (state[flag]) return
  state[flag] = true
  const why = env.AUTH_DISABLED ? 'AUTH_DISABLED=true' : 'no OIDC_* variables outside production'
  console.warn(
    JSON.stringify({
      level: 'warn',
      msg: `sign-in is off (${why}): anyone who can reach Verity sees personal data`,
    }),
  )
}
