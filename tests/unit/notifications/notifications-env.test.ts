import { describe, expect, it } from 'vitest'

import { parseEnv } from '@/lib/env'
import { errorOf } from '@/tests/unit/helpers/env'

/* The notification channels' variables (lib/env.js): checked at start, naming what is wrong. */

const valid = { DS_API_BASE_URL: 'https://api.dataspike.io', DS_API_KEY: 'key-123' }
const SECRET = `whsec_${'0f'.repeat(32)}`

describe('notification variables', () => {
  it('defaults "due soon" to 4 hours and needs no channel', () => {
    const env = parseEnv(valid)
    expect(env.NOTIFY_DUE_SOON_HOURS).toBe(4)
    expect(env.SMTP_URL).toBeUndefined()
    expect(env.SLACK_WEBHOOK_URL).toBeUndefined()
  })

  it('accepts every channel configured', () => {
    const env = parseEnv({
      ...valid,
      SMTP_URL: 'smtps://verity:pw@mail.example.com',
      NOTIFY_EMAIL_FROM: 'verity@example.com',
      NOTIFY_TEAM_EMAIL: 'aml-team@example.com',
      SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T/B/x',
      NOTIFY_WEBHOOK_URL: 'https://tools.example.com/verity',
      NOTIFY_WEBHOOK_SECRET: SECRET,
      NOTIFY_DUE_SOON_HOURS: '2',
    })
    expect(env.NOTIFY_WEBHOOK_SECRET).toBe(SECRET)
    expect(env.NOTIFY_DUE_SOON_HOURS).toBe(2)
  })

  it.each([
    ['an SMTP URL of another scheme', { SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL'],
    [
      'SMTP without a sender',
      { SMTP_URL: 'smtp://mail.example.com' },
      'NOTIFY_EMAIL_FROM is required with SMTP_URL',
    ],
    [
      'a webhook without its secret',
      { NOTIFY_WEBHOOK_URL: 'https://tools.example.com/verity' },
      'NOTIFY_WEBHOOK_SECRET is required with NOTIFY_WEBHOOK_URL',
    ],
    [
      'a secret not in whsec_ form',
      { NOTIFY_WEBHOOK_SECRET: 'not-a-secret' },
      'NOTIFY_WEBHOOK_SECRET must be whsec_',
    ],
    ['a team address that is not one', { NOTIFY_TEAM_EMAIL: 'aml-team' }, 'NOTIFY_TEAM_EMAIL'],
    ['a due-soon of zero hours', { NOTIFY_DUE_SOON_HOURS: '0' }, 'NOTIFY_DUE_SOON_HOURS'],
  ])('rejects %s, naming the variable', (_case, source, expected) => {
    expect(errorOf({ ...valid, ...source })).toContain(expected)
  })

  it('never repeats a secret or a password in its message', () => {
    const message = errorOf({
      ...valid,
      SMTP_URL: 'ftp://verity:mail-pass-Qq2@mail.example.com',
      NOTIFY_WEBHOOK_SECRET: 'whsec_zz-secret-Tt9',
    })
    expect(message).not.toContain('mail-pass-Qq2')
    expect(message).not.toContain('zz-secret-Tt9')
  })
})
