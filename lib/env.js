// Plain JS so that next.config.js can import it and a bad environment stops the server at start.
import { createPrivateKey } from 'node:crypto'
import { existsSync } from 'node:fs'
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
  // The signing secrets of the provider's webhook (POST /api/upstream/webhooks): `whsec_` and hex,
  // as the provider shows it; two during a rotation. Unset, the route answers 404.
  DS_WEBHOOK_SECRET: commaList((item) => item).refine(
    (items) => items.every((item) => /^(whsec_)?([0-9a-f]{2}){16,}$/i.test(item)),
    "must be the webhook's signing secret, whsec_ followed by hex (at least 32 digits), or a comma list of them during a rotation",
  ),
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
  // Members of these groups read everything a lead reads and change nothing (docs/exam.md).
  AUTH_AUDITOR_GROUPS: commaList((item) => item),
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
  // Packs made at once by one process (lib/evidence/pack-slots.ts); the others wait their turn.
  EVIDENCE_PACK_CONCURRENCY: z.coerce
    .number({ error: 'must be a number of packs' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(16, 'must be at most 16')
    .default(2),
  REVEAL_REF_KEY: optionalText().refine(
    (value) => value === undefined || value.length >= 32,
    'must be at least 32 characters (for example `openssl rand -base64 48`)',
  ),
  ...historyShape(),
  ...retentionShape(),
  CASE_SLA_HOURS: slaHours(),
  ...notifyShape(),
  // A false positive carries over by itself for this many days after a person last decided it.
  DECISION_CARRY_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1')
    .max(3650, 'must be at most 3650 (ten years)')
    .default(365),
  ...caseDutyShape(),
  ...goamlShape(),
  ...observabilityShape(),
})

/** Watching it (docs/operations.md#watching-it): metrics, logs and traces. */
function observabilityShape() {
  return {
    // Unset, /api/metrics answers 404; set, it asks for `Authorization: Bearer <token>`.
    METRICS_TOKEN: optionalText().refine(
      (value) => value === undefined || value.length >= 16,
      'must be at least 16 characters (for example `openssl rand -hex 24`)',
    ),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'silent'], {
        error: 'must be one of fatal, error, warn, info, debug, silent',
      })
      .default('info'),
    // The OpenTelemetry SDK reads these itself; they are checked here so that a typo stops the
    // server with a message instead of sending spans nowhere. Unset endpoint: no tracing at all.
    OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(
      blankIsUnset,
      z
        .url({
          protocol: /^https?$/,
          error: 'must be the http(s) URL of an OTLP receiver, such as http://collector:4318',
        })
        .optional(),
    ),
    OTEL_EXPORTER_OTLP_PROTOCOL: z.preprocess(
      blankIsUnset,
      z
        .enum(['http/protobuf', 'http/json'], { error: 'must be http/protobuf or http/json' })
        .optional(),
    ),
    OTEL_SERVICE_NAME: optionalText(),
  }
}

/** Notifications out (lib/notifications/): channels, and when a case counts as due soon. */
function notifyShape() {
  return {
    SMTP_URL: z.preprocess(
      blankIsUnset,
      z
        .url({
          protocol: /^smtps?$/,
          error:
            'must be an smtp:// or smtps:// URL such as smtps://user:password@mail.example.com',
        })
        .optional(),
    ),
    NOTIFY_EMAIL_FROM: z.preprocess(
      blankIsUnset,
      z.email({ error: 'must be an e-mail address such as verity@example.com' }).optional(),
    ),
    NOTIFY_TEAM_EMAIL: z.preprocess(
      blankIsUnset,
      z
        .email({ error: "must be the team's e-mail address, such as aml-team@example.com" })
        .optional(),
    ),
    SLACK_WEBHOOK_URL: z.preprocess(
      blankIsUnset,
      z
        .url({ protocol: /^https?$/, error: 'must be the http(s) URL of an incoming webhook' })
        .optional(),
    ),
    NOTIFY_WEBHOOK_URL: z.preprocess(
      blankIsUnset,
      z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    ),
    NOTIFY_WEBHOOK_SECRET: z.preprocess(
      blankIsUnset,
      z
        .string()
        .regex(
          /^whsec_(?:[0-9a-fA-F]{2}){16,}$/,
          'must be whsec_ followed by at least 32 hex digits',
        )
        .optional(),
    ),
    NOTIFY_DUE_SOON_HOURS: wholeNumber('hours', 1, 168).default(4),
    // How often each instance looks for new events; fractions of a second are not needed.
    NOTIFY_SWEEP_SECONDS: wholeNumber('seconds', 1, 3_600).default(15),
  }
}

/** @param {unknown} value */
function blankIsUnset(value) {
  return typeof value === 'string' && value.trim() === '' ? undefined : value
}

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
    CASE_CLOSE_FOUR_EYES: fourEyesOutcomes(),
    QA_SAMPLE_PERCENT: wholeNumber('percent', 1, 100).default(5),
    QA_NEW_ANALYST_DAYS: wholeNumber('days', 0, 365).default(30),
  }
}

const CLOSE_OUTCOMES = ['false_positive', 'true_match', 'no_action_needed']

/**
 * The outcomes whose closing a lead confirms (docs/exam.md): a comma list of outcomes, `all`, or
 * `off`; `true_match` when unset.
 */
function fourEyesOutcomes() {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = (value ?? '').trim().toLowerCase()
      if (text === '') return ['true_match']
      if (text === 'off' || text === 'none') return []
      if (text === 'all') return [...CLOSE_OUTCOMES]
      const items = text
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
      const unknown = items.find((item) => !CLOSE_OUTCOMES.includes(item))
      if (unknown !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `must be off, all, or a comma list of ${CLOSE_OUTCOMES.join(', ')} (not ${unknown})`,
        })
        return z.NEVER
      }
      return [...new Set(items)]
    })
}

/**
 * Suspicious-activity reports to the FIU in goAML XML (lib/fiu-reports/, docs/reports.md): the
 * reporting entity, and the FIU's code lists, each defaulting to the generic 5.0.1 schema's value.
 */
function goamlShape() {
  /** @param {RegExp} pattern @param {string} message @param {string} fallback */
  const code = (pattern, message, fallback) =>
    z.preprocess(blankIsUnset, z.string().trim().regex(pattern, message).default(fallback))
  /** @param {string[]} fallback */
  const codes = (fallback) =>
    commaList((item) => item).transform((items) => (items.length > 0 ? items : fallback))
  return {
    GOAML_SCHEMA: z.preprocess(
      blankIsUnset,
      z
        .string()
        .refine(
          (path) => existsSync(path),
          "must be the path of a readable XSD file (the FIU's goAML schema)",
        )
        .optional(),
    ),
    GOAML_RENTITY_ID: z.preprocess(
      blankIsUnset,
      wholeNumber('the reporting entity id', 1, 2_147_483_647).optional(),
    ),
    GOAML_RENTITY_BRANCH: z.preprocess(
      blankIsUnset,
      z.string().trim().max(255, 'must be at most 255 characters').optional(),
    ),
    GOAML_REPORTING_USER_CODE: z.preprocess(
      blankIsUnset,
      z
        .string()
        .trim()
        .min(4, 'must be 4 to 50 characters')
        .max(50, 'must be 4 to 50 characters')
        .optional(),
    ),
    GOAML_CURRENCY: code(/^[A-Z]{3}$/, 'must be a three-letter currency code such as EUR', 'EUR'),
    GOAML_ADDRESS: z.preprocess(
      blankIsUnset,
      z.string().trim().max(100, 'must be at most 100 characters').optional(),
    ),
    GOAML_CITY: z.preprocess(
      blankIsUnset,
      z.string().trim().max(255, 'must be at most 255 characters').optional(),
    ),
    GOAML_COUNTRY: z.preprocess(
      blankIsUnset,
      z
        .string()
        .trim()
        .regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as DE')
        .optional(),
    ),
    GOAML_REPORT_CODES: codes(['STR', 'SAR']),
    GOAML_INDICATORS: codes(['-']),
    GOAML_SUBMISSION_CODE: code(/^\S{1,10}$/, "must be the FIU's submission code, such as E", 'E'),
    GOAML_ADDRESS_TYPE: code(
      /^\S{1,10}$/,
      "must be a code of the FIU's address type list, such as -",
      '-',
    ),
    GOAML_PARTY_ROLE: code(
      /^\S{1,10}$/,
      "must be a code of the FIU's party role list, such as -",
      '-',
    ),
    REPORT_DUE_DAYS: wholeNumber('days', 1, 365).default(30),
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
    HISTORY_LEASE_SECONDS: wholeNumber('seconds', 3, 600).default(45),
    // A record larger than this is set aside unread; its report still opens on its AML page.
    HISTORY_RECORD_MAX_BYTES: wholeNumber('bytes', 65_536, 26_214_400).default(8_388_608),
    // /api/health says `degraded` once the mirror is this far behind the upstream.
    HISTORY_MAX_LAG_SECONDS: wholeNumber('seconds', 10, 86_400).default(300),
  }
}

/** Retention (lib/retention/, docs/retention.md). */
function retentionShape() {
  return {
    // Five years after the relationship ends (AMLD Art. 40, FATF R.11), in days.
    RETENTION_DAYS: wholeNumber('days', 1, 36_500).default(1_826),
    RETENTION_SANDBOX_DAYS: wholeNumber('days', 1, 36_500).default(30),
    // `off` leaves this instance out of the daily run (the tests, whose simulated history is
    // fixed in the past); the command and the other instances still erase.
    RETENTION_JOB: z
      .enum(['on', 'off', 'true', 'false'], { error: 'must be on or off' })
      .optional()
      .transform((value) => value !== 'off' && value !== 'false'),
    // When the daily run starts, UTC.
    RETENTION_RUN_AT: z
      .string()
      .trim()
      .regex(
        /^([01][0-9]|2[0-3]):[0-5][0-9]$/,
        'must be a time of day, HH:MM in UTC, such as 02:00',
      )
      .default('02:00'),
    // The deployment's own systems record a relationship's end with it (Authorization: Bearer).
    RETENTION_API_TOKEN: optionalText().refine(
      (value) => value === undefined || value.length >= 32,
      'must be at least 32 characters (for example `openssl rand -base64 48`)',
    ),
  }
}

/**
 * A variable whose rule was replaced: a deployment that set it must hear that it no longer acts.
 * @param {Record<string, string | undefined>} source
 * @returns {string[]}
 */
function retiredIssues(source) {
  return source.HISTORY_RETENTION_DAYS?.trim()
    ? [
        '  HISTORY_RETENTION_DAYS is retired: mirrored records are no longer deleted by age alone; retention follows RETENTION_DAYS after the business relationship ends and RETENTION_SANDBOX_DAYS for sandbox records (docs/retention.md). Remove it.',
      ]
    : []
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
    // Each committed audit row is also a JSON line on standard output, for log shippers; the demo
    // turns it off so that its console stays readable (the trail itself is always in the store).
    AUDIT_STDOUT: z
      .enum(['on', 'off', 'true', 'false'], { error: 'must be on or off' })
      .optional()
      .transform((value) => value !== 'off' && value !== 'false'),
    // How soon the sequencer links committed audit rows into the chain (lib/audit/sequencer.ts); a
    // row still unsealed after ten times this is an alarm in /api/health.
    AUDIT_SEAL_MS: wholeNumber('milliseconds', 10, 60_000).default(100),
    SESSION_SECRET: optionalText().refine(
      (value) => value === undefined || value.length >= 32,
      'must be at least 32 characters (for example `openssl rand -base64 48`)',
    ),
    EVIDENCE_SIGNING_KEY: optionalText().refine(
      (value) => value === undefined || signingKeyOf(value) !== null,
      'must be an Ed25519 private key, PKCS#8 PEM or its base64 DER (`openssl genpkey -algorithm ed25519`)',
    ),
  }
}

/**
 * EVIDENCE_SIGNING_KEY as a key: PKCS#8 PEM (line breaks kept or written `\n`) or the base64 of
 * its DER, for an environment that holds one line; null when it is not an Ed25519 private key.
 * @param {string} text
 */
export function signingKeyOf(text) {
  try {
    const key = text.includes('-----BEGIN')
      ? createPrivateKey(text.replaceAll('\\n', '\n'))
      : createPrivateKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'pkcs8' })
    return key.asymmetricKeyType === 'ed25519' ? key : null
  } catch {
    return null
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

/**
 * A channel half configured sends nothing, so it stops the server like a bad value: the generic
 * webhook is always signed, and e-mail needs a sender.
 * @param {Record<string, string | undefined>} source
 * @returns {string[]}
 */
function notifyIssues(source) {
  const lines = []
  if (source.NOTIFY_WEBHOOK_URL?.trim() && !source.NOTIFY_WEBHOOK_SECRET?.trim()) {
    lines.push(
      '  NOTIFY_WEBHOOK_SECRET is required with NOTIFY_WEBHOOK_URL: every delivery is signed',
    )
  }
  if (source.SMTP_URL?.trim() && !source.NOTIFY_EMAIL_FROM?.trim()) {
    lines.push('  NOTIFY_EMAIL_FROM is required with SMTP_URL: the sender of the e-mails')
  }
  return lines
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
  const more = [
    ...signInIssues(source),
    ...auditKeyIssues(source),
    ...notifyIssues(source),
    ...retiredIssues(source),
  ]
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
