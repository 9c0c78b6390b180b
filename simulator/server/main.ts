import { exampleApiKey } from './api-key'
import { startSimulator } from './server'

/* CLI entry (`npm run simulator`): every option of startSimulator comes from a SIM_* variable. */

function numberEnv(name: string, fallback?: number): number | undefined {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a non-negative number, got "${raw}"`)
  return value
}

const order = process.env.SIM_HISTORY_ORDER || 'newest'
if (order !== 'newest' && order !== 'oldest')
  throw new Error(`SIM_HISTORY_ORDER must be newest or oldest, got "${order}"`)

// Read by clock.ts as it loads; checked here so that a typo is not silently the fixed date.
const rescreenAfterS = numberEnv('SIM_RESCREEN_AFTER_S')
const clock = process.env.SIM_CLOCK ?? ''
if (clock !== '' && clock !== 'today') throw new Error(`SIM_CLOCK must be today, got "${clock}"`)

// The webhook the added records are delivered to: both or neither.
const webhookUrl = process.env.SIM_WEBHOOK_URL ?? ''
const webhookSecret = process.env.SIM_WEBHOOK_SECRET ?? ''
if ((webhookUrl === '') !== (webhookSecret === ''))
  throw new Error('SIM_WEBHOOK_URL and SIM_WEBHOOK_SECRET go together: set both or neither')
if (webhookSecret !== '' && !/^(whsec_)?([0-9a-f]{2})+$/i.test(webhookSecret))
  throw new Error('SIM_WEBHOOK_SECRET must be whsec_ followed by hex')

const simulator = await startSimulator({
  host: process.env.SIM_HOST || '127.0.0.1',
  port: numberEnv('SIM_PORT', 4010),
  apiKey: process.env.SIM_API_KEY || exampleApiKey,
  seed: numberEnv('SIM_SEED'),
  profiles: numberEnv('SIM_PROFILES'),
  verifications: numberEnv('SIM_VERIFICATIONS'),
  historyRecords: numberEnv('SIM_HISTORY'),
  historyOrder: order,
  hostileHistory: process.env.SIM_HISTORY_HOSTILE === '1',
  latencyMs: numberEnv('SIM_LATENCY_MS'),
  errorRate: numberEnv('SIM_ERROR_RATE'),
  rateLimitRate: numberEnv('SIM_RATE_LIMIT_RATE'),
  ...(webhookUrl ? { webhook: { url: webhookUrl, secret: webhookSecret } } : {}),
  rescreenAfterMs: rescreenAfterS === undefined ? undefined : rescreenAfterS * 1_000,
})
console.log(`simulator listening on ${simulator.url}`)

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    simulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
}
