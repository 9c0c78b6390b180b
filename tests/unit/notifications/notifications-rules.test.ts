import { createHmac } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { messageOf, type NotifyEvent } from '@/lib/notifications/content'
import { slackMessage } from '@/lib/notifications/channels'
import { outgoingOf, type Analysts, type ChannelsConfigured } from '@/lib/notifications/rules'
import { signBody } from '@/lib/upstream/webhook-signature'

/* Who hears of which event on which channel, the words they get, and the outgoing signature. */

const ANA = 'https://idp.test ana'
const APP = 'https://verity.example.com'
/** The probe's screened name (issue #54). */
const PROBE =
  '<!channel> <https://evil.test/sso|Open case in Verity> *URGENT*\nOpen in Verity: https://evil.test/cases/1'

const event = (overrides: Partial<NotifyEvent>): NotifyEvent => ({
  key: 'high_case:7',
  kind: 'high_case',
  analystId: null,
  caseId: 7,
  risk: 'High',
  dueAt: new Date('2026-11-28T09:30:00Z'),
  name: 'Maria Testperson',
  lagSeconds: null,
  ...overrides,
})

const everything: ChannelsConfigured = {
  email: true,
  teamEmail: 'aml-team@example.com',
  slack: true,
  webhook: true,
}

const analysts = (chosen?: string[]): Analysts => ({
  emailOf: (id) => (id === ANA ? 'ana@example.com' : null),
  chosenOf: (id) => (id === ANA ? chosen : undefined),
})

const targets = (out: ReturnType<typeof outgoingOf>) =>
  out.map((one) => `${one.channel}:${one.recipient}`)

describe('who is told', () => {
  it('tells the team of a new High-risk case on every channel, once each', () => {
    expect(targets(outgoingOf(event({}), everything, analysts()))).toEqual([
      'email:aml-team@example.com',
      'slack:slack',
      'webhook:webhook',
    ])
  })

  it("e-mails an analyst's own events to their sign-in address, by default assigned, due soon and awaiting confirmation", () => {
    for (const kind of ['due_soon', 'awaiting_confirmation'] as const) {
      const out = outgoingOf(event({ kind, analystId: ANA }), everything, analysts())
      expect(targets(out)).toEqual(['email:ana@example.com', 'slack:slack', 'webhook:webhook'])
    }
    // "Assigned to you" is the person's: never the team's channels (#54 item 7).
    const assigned = outgoingOf(event({ kind: 'assigned', analystId: ANA }), everything, analysts())
    expect(targets(assigned)).toEqual(['email:ana@example.com'])
    const overdue = outgoingOf(event({ kind: 'overdue', analystId: ANA }), everything, analysts())
    expect(targets(overdue)).toEqual(['slack:slack', 'webhook:webhook'])
  })

  it('follows what the analyst chose on the settings page', () => {
    const chosen = analysts(['overdue'])
    expect(
      targets(outgoingOf(event({ kind: 'assigned', analystId: ANA }), everything, chosen)),
    ).toEqual([])
    expect(
      targets(outgoingOf(event({ kind: 'overdue', analystId: ANA }), everything, chosen)),
    ).toEqual(['email:ana@example.com', 'slack:slack', 'webhook:webhook'])
  })

  it('sends the team e-mail only when a team address is set, and no e-mail without SMTP', () => {
    const noTeam = { ...everything, teamEmail: null }
    expect(targets(outgoingOf(event({}), noTeam, analysts()))).toEqual([
      'slack:slack',
      'webhook:webhook',
    ])
    const noSmtp = { ...everything, email: false }
    expect(
      targets(outgoingOf(event({ kind: 'due_soon', analystId: ANA }), noSmtp, analysts())),
    ).toEqual(['slack:slack', 'webhook:webhook'])
  })

  it('with no channel at all, logs what would have been sent, once per event', () => {
    const none = { email: false, teamEmail: null, slack: false, webhook: false }
    expect(targets(outgoingOf(event({}), none, analysts()))).toEqual(['none:team'])
    expect(
      targets(outgoingOf(event({ kind: 'assigned', analystId: ANA }), none, analysts())),
    ).toEqual(['none:ana@example.com'])
  })
})

describe('what they read', () => {
  it('says what happened, the screened name, risk, due time and a link into Verity', () => {
    const { subject, body } = messageOf(event({}), 'https://verity.example.com')
    expect(subject).toBe('New High-risk case: Case 7, Maria Testperson')
    expect(body).toBe(
      [
        'A screening of High risk with matches opened a new case.',
        'Screened name: Maria Testperson',
        'Risk: High',
        'Due: 2026-11-28 09:30 UTC',
        'Open in Verity: https://verity.example.com/cases/7',
      ].join('\n'),
    )
  })

  it('says Verity assigned a case it assigned by itself, and a lead one a lead assigned', () => {
    const auto = messageOf(event({ kind: 'assigned', analystId: ANA, byVerity: true }), APP)
    expect(auto.body).toContain('Verity assigned this case to you automatically')
    expect(auto.body).not.toContain('A lead')
    const lead = messageOf(event({ kind: 'assigned', analystId: ANA }), APP)
    expect(lead.body).toContain('A lead assigned this case to you.')
  })

  it('keeps upstream text inert: one line, bounded, no link but Verity’s (#54 item 5)', () => {
    const { subject, body } = messageOf(event({ name: PROBE }), APP)
    expect(subject.length).toBeLessThanOrEqual(200)
    expect(subject).not.toMatch(/[\n\r]/)
    const named = body.split('\n').find((line) => line.startsWith('Screened name: '))!
    const name = named.slice('Screened name: '.length)
    expect([...name].length).toBeLessThanOrEqual(120)
    expect(body.split('\n')).toHaveLength(5)
    // The only address that reads as one is Verity's, on its own line.
    expect(body.match(/https?:\/\//g)).toEqual(['https://'])
    expect(body).not.toContain('evil.test')
    expect(body.split('\n').filter((line) => line.startsWith('Open in Verity:'))).toEqual([
      'Open in Verity: https://verity.example.com/cases/7',
    ])
    const long = messageOf(event({ name: 'Ä'.repeat(500) }), APP)
    expect(long.body).toContain(`Screened name: ${'Ä'.repeat(119)}…`)
    expect(long.subject).toBe(`New High-risk case: Case 7, ${'Ä'.repeat(119)}…`)
    // Format characters (a right-to-left override, a zero-width joiner) are gone too.
    expect(messageOf(event({ name: 'Ana\u202eevil\u200d' }), APP).subject).toContain('Ana evil')
  })

  it('escapes Slack’s markup: no mention, no disguised link, no formatting from a name', () => {
    const { subject, body } = messageOf(event({ name: PROBE }), APP)
    const slack = slackMessage({ subject, body })
    expect(slack.mrkdwn).toBe(false)
    expect(slack.text).not.toMatch(/[<>]/)
    expect(slack.text).toContain('&lt;!channel&gt;')
    expect(slack.text).not.toContain('<!channel>')
  })

  it('links the mirror degraded message to the history sync page', () => {
    const { subject, body } = messageOf(
      event({ kind: 'mirror_degraded', key: 'mirror_degraded:x', caseId: null, lagSeconds: 600 }),
      'http://127.0.0.1:3000',
    )
    expect(subject).toBe('The history mirror is behind')
    expect(body).toContain('last polled the upstream 600 s ago')
    expect(body).toContain('Open in Verity: http://127.0.0.1:3000/history-sync')
  })
})

describe('the outgoing signature', () => {
  it('is HMAC-SHA256 of "<t>.<body>" under the hex-decoded secret, in t=…,v1=…', () => {
    const secret = `whsec_${'ab'.repeat(32)}`
    const body = '{"event":"high_case"}'
    const expected = createHmac('sha256', Buffer.from('ab'.repeat(32), 'hex'))
      .update(`1700000000.${body}`)
      .digest('hex')
    expect(signBody(secret, body, 1_700_000_000)).toBe(`t=1700000000,v1=${expected}`)
    expect(signBody(secret, `${body} `, 1_700_000_000)).not.toBe(`t=1700000000,v1=${expected}`)
  })
})
