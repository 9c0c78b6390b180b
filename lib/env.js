// Plain JS so that next.config.js can import it and a bad environment stops the server at start.
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
  VERITY_DEMO: z
    .enum(['0', '1', 'true', 'false'], { error: 'must be true or false' })
    .optional()
    .transform((value) => value === '1' || value === 'true'),
})

/** @typedef {z.output<typeof schema>} Env */

/**
 * Parses an environment, throwing one error that names every bad variable.
 * @param {Record<string, string | undefined>} source
 * @returns {Env}
 */
export function parseEnv(source) {
  const result = schema.safeParse(source)
  if (result.success) return result.data
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.join('.')
    const message = issue.code === 'invalid_type' && source[name] === undefined
      ? 'is required'
      : issue.message
    return `  ${name} ${message}`
  })
  return fail(`Invalid environment:\n${lines.join('\n')}`)
}

/** @param {string} message @returns {never} */
function fail(message) {
  throw new Error(message)
}

/** @type {Env | undefined} */
let cached

/** The validated environment, read once per process. @returns {Env} */
export function getEnv() {
  cached ??= parseEnv(process.env)
  return cached
}
