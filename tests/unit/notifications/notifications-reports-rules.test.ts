import { describe, expect, it } from 'vitest'

import { messageOf, type NotifyEvent } from '@/lib/notifications/content'
import { outgoingOf, type Analysts, type ChannelsConfigured } from '@/lib/notifications/rules'

/*
 * A report to the FIU near or past its due date (issue #56) is told to each lead and its drafter
 * personally, by e-mail, never on a team channel (tipping-off rules), and names no one.
 */

const LEA = 'https://idp.test lea'
const APP = 'https://verity.example.com'

const event = (overrides: Partial<NotifyEvent>): NotifyEvent => ({
  key: 'report_due_soon:3:2026-12-01T09:30:00.000Z',
  kind: 'report_due_soon',
  analystId: LEA,
  caseId: 7,
  risk: null,
  dueAt: new Date('2026-12-01T09:30:00Z'),
  name: null,
  lagSeconds: null,
  report: { id: 3, code: 'STR' },
  ...overrides,
})

const everything: ChannelsConfigured = {
  email: true,
  teamEmail: 'aml-team@example.com',
  slack: true,
  webhook: true,
}

const analysts = (chosen?: string[]): Analysts => ({
  emailOf: (id) => (id === LEA ? 'lea@example.com' : null),
  chosenOf: (id) => (id === LEA ? chosen : undefined),
})

const targets = (out: ReturnType<typeof outgoingOf>) =>
  out.map((one) => `${one.channel}:${one.recipient}`)

describe("who hears of a report's deadline", () => {
  it('is the person named, by e-mail only: never the team address, Slack or the webhook', () => {
    for (const kind of ['report_due_soon', 'report_overdue'] as const) {
      expect(targets(outgoingOf(event({ kind }), everything, analysts()))).toEqual([
        'email:lea@example.com',
      ])
    }
  })

  it('whatever e-mails they chose, since the deadline is not a preference', () => {
    expect(targets(outgoingOf(event({}), everything, analysts([])))).toEqual([
      'email:lea@example.com',
    ])
  })

  it('is nobody without a personal address, and no team channel stands in for e-mail', () => {
    expect(
      outgoingOf(event({ analystId: 'https://idp.test ghost' }), everything, analysts()),
    ).toEqual([])
    expect(outgoingOf(event({ analystId: null }), everything, analysts())).toEqual([])
    const noSmtp = { ...everything, email: false }
    expect(targets(outgoingOf(event({}), noSmtp, analysts()))).toEqual(['none:lea@example.com'])
  })
})

describe('what they read', () => {
  it('says which report is due when, links to it, and names no one', () => {
    const soon = messageOf(event({}), APP)
    expect(soon.subject).toBe('Report 3 (STR) to the FIU is due soon (Case 7)')
    expect(soon.body).toBe(
      [
        'Report 3 (STR) of this case is due and not yet filed with the FIU.',
        'Due: 2026-12-01 09:30 UTC',
        'Open in Verity: https://verity.example.com/reports/3',
      ].join('\n'),
    )
    const late = messageOf(event({ kind: 'report_overdue', name: 'Maria Testperson' }), APP)
    expect(late.subject).toBe('Report 3 (STR) to the FIU is past its due date (Case 7)')
    expect(late.body).not.toContain('Maria')
  })
})
