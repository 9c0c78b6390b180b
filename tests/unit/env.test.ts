import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { parseEnv } from '@/lib/env'
import { errorOf } from '@/tests/unit/helpers/env'

const valid = { DS_API_BASE_URL: 'https://api.dataspike.io', DS_API_KEY: 'key-123' }

describe('parseEnv', () => {
  it('accepts the two required variables and defaults the timeout to 10 s', () => {
    const env = parseEnv(valid)
    expect(env.DS_API_BASE_URL).toBe('https://api.dataspike.io')
    expect(env.DS_API_KEY).toBe('key-123')
    expect(env.DS_API_TIMEOUT_MS).toBe(10_000)
    expect(env.VERITY_DEMO).toBe(false)
  })

  it('drops a trailing slash of the base URL so paths join cleanly', () => {
    expect(parseEnv({ ...valid, DS_API_BASE_URL: 'http://127.0.0.1:4100/' }).DS_API_BASE_URL).toBe(
      'http://127.0.0.1:4100',
    )
  })

  it('reads DS_API_TIMEOUT_MS as a number of milliseconds', () => {
    expect(parseEnv({ ...valid, DS_API_TIMEOUT_MS: '2500' }).DS_API_TIMEOUT_MS).toBe(2500)
  })

  it.each([
    ['a missing base URL', { DS_API_KEY: 'k' }, 'DS_API_BASE_URL is required'],
    [
      'a base URL that is not a URL',
      { ...valid, DS_API_BASE_URL: 'api.dataspike.io' },
      'DS_API_BASE_URL',
    ],
    [
      'a base URL with another scheme',
      { ...valid, DS_API_BASE_URL: 'ftp://api.dataspike.io' },
      'DS_API_BASE_URL',
    ],
    ['a missing key', { DS_API_BASE_URL: valid.DS_API_BASE_URL }, 'DS_API_KEY is required'],
    ['an empty key', { ...valid, DS_API_KEY: '   ' }, 'DS_API_KEY must not be empty'],
    [
      'a timeout that is not a number',
      { ...valid, DS_API_TIMEOUT_MS: 'soon' },
      'DS_API_TIMEOUT_MS',
    ],
    ['a fractional timeout', { ...valid, DS_API_TIMEOUT_MS: '1.5' }, 'DS_API_TIMEOUT_MS'],
    [
      'a timeout below 100 ms',
      { ...valid, DS_API_TIMEOUT_MS: '5' },
      'DS_API_TIMEOUT_MS must be at least 100',
    ],
    ['a bad demo flag', { ...valid, VERITY_DEMO: 'yes' }, 'VERITY_DEMO'],
  ])('rejects %s with a message naming the variable', (_case, source, expected) => {
    expect(errorOf(source)).toContain(expected)
  })

  it('leaves automatic assignment and escalation off unless set, with their defaults', () => {
    expect(parseEnv(valid)).toMatchObject({
      CASE_AUTO_ASSIGN: false,
      CASE_AUTO_ASSIGN_ACTIVE_HOURS: 8,
      CASE_AUTO_ASSIGN_MAX: 10,
      CASE_ESCALATE: false,
      CASE_ESCALATE_AFTER_HOURS: 24,
    })
    expect(
      parseEnv({
        ...valid,
        CASE_AUTO_ASSIGN: 'on',
        CASE_ESCALATE: 'on',
        CASE_AUTO_ASSIGN_MAX: '3',
      }),
    ).toMatchObject({ CASE_AUTO_ASSIGN: true, CASE_ESCALATE: true, CASE_AUTO_ASSIGN_MAX: 3 })
    expect(errorOf({ ...valid, CASE_AUTO_ASSIGN: 'yes' })).toContain('CASE_AUTO_ASSIGN')
    expect(errorOf({ ...valid, CASE_ESCALATE_AFTER_HOURS: '0' })).toContain(
      'CASE_ESCALATE_AFTER_HOURS',
    )
  })

  it("reads DS_WEBHOOK_SECRET as the webhook's signing secrets, and never repeats a bad one", () => {
    const secret = `whsec_${'ab'.repeat(32)}`
    const old = `whsec_${'cd'.repeat(32)}`
    expect(parseEnv(valid).DS_WEBHOOK_SECRET).toEqual([])
    expect(
      parseEnv({ ...valid, DS_WEBHOOK_SECRET: ` ${secret}, ${old} ` }).DS_WEBHOOK_SECRET,
    ).toEqual([secret, old])
    for (const bad of ['not-a-secret-at-all', 'whsec_abc', `${secret},whsec_zz${'0'.repeat(32)}`]) {
      const message = errorOf({ ...valid, DS_WEBHOOK_SECRET: bad })
      expect(message).toContain('DS_WEBHOOK_SECRET must be')
      expect(message).not.toContain(bad)
    }
  })

  it('names every bad variable at once', () => {
    const message = errorOf({ DS_API_TIMEOUT_MS: 'x' })
    expect(message).toContain('DS_API_BASE_URL')
    expect(message).toContain('DS_API_KEY')
    expect(message).toContain('DS_API_TIMEOUT_MS')
  })

  it('never repeats the key in its message', () => {
    expect(errorOf({ ...valid, DS_API_KEY: 'secret-key', DS_API_TIMEOUT_MS: 'x' })).not.toContain(
      'secret-key',
    )
  })
})

// Concurrent: each case starts its own Node process.
describe.concurrent('next.config.js', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url))

  function runConfig(phase: string, env: Record<string, string>) {
    const base = Object.fromEntries(
      Object.entries(process.env).filter(
        ([name]) => !/^(DS_API_|VERITY_|AUTH_|OIDC_|SESSION_)/.test(name),
      ),
    )
    const script = `import('./next.config.js').then((m) => { m.default(${JSON.stringify(phase)}); console.log('config ok') })`
    return new Promise<{ status: number | null; stdout: string; stderr: string }>(
      (resolve, reject) => {
        const child = spawn(process.execPath, ['-e', script], {
          cwd: root,
          env: { ...base, ...env, NODE_ENV: 'test' },
          timeout: 10_000,
        })
        let stdout = ''
        let stderr = ''
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
        child.on('error', reject)
        child.on('close', (status) => resolve({ status, stdout, stderr }))
      },
    )
  }

  it.each(['phase-production-server', 'phase-development-server'])(
    'stops the %s with exit code 1 and names the bad variable',
    async (phase) => {
      const result = await runConfig(phase, { DS_API_BASE_URL: 'not a url', DS_API_KEY: 'k' })
      expect(result.status).toBe(1)
      expect(result.stderr).toContain('DS_API_BASE_URL')
      expect(result.stdout).not.toContain('config ok')
    },
  )

  it('stops a server start when the key is missing', async () => {
    const result = await runConfig('phase-production-server', {
      DS_API_BASE_URL: 'https://api.dataspike.io',
    })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('DS_API_KEY')
  })

  it('lets a server start with a good environment', async () => {
    // Sign-in has its own variables; switched off here so only the upstream ones matter.
    const result = await runConfig('phase-production-server', { ...valid, AUTH_DISABLED: 'true' })
    expect(result.status).toBe(0)
    expect(result.stdout).toContain('config ok')
  })

  it('does not need the upstream variables for a build', async () => {
    const result = await runConfig('phase-production-build', {})
    expect(result.status).toBe(0)
    expect(result.stdout).toContain('config ok')
  })
})
