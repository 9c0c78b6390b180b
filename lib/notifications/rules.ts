import type { NotifyEvent } from './content'
import { DEFAULT_EMAIL_EVENTS, isReportEvent, type NotifyEventKind } from './events'

/*
 * Who hears of an event, on which channel: one message per event and recipient. Slack and the
 * generic webhook are the team's channels and carry every event but an assignment, which is the
 * person's own ("assigned to you" in the team's channel would tell everyone it is theirs). E-mail goes to the team's address
 * for the team's events (a new High-risk case, a case nobody owns due soon or overdue, the mirror
 * degraded), and to the analyst an event is about when they chose it on the settings page (the
 * defaults when they have not). With no channel configured, one `none` message per event says what
 * would have been sent. A report to the FIU due (`report_*`) goes only to the person it names (a
 * lead or the report's drafter), by e-mail, whatever they chose: any team channel would tip off.
 */

export type Channel = 'email' | 'slack' | 'webhook' | 'none'

export type ChannelsConfigured = {
  email: boolean
  teamEmail: string | null
  slack: boolean
  webhook: boolean
}

export type Analysts = {
  /** The address from the analyst's newest sign-in, if any. */
  emailOf: (analystId: string) => string | null
  /** The events they chose to get by e-mail; undefined: not chosen (the defaults). */
  chosenOf: (analystId: string) => readonly string[] | undefined
}

export type Outgoing = { event: NotifyEvent; channel: Channel; recipient: string }

/** Events that go to the person they concern only, never to the team's channels. */
const PERSONAL_ONLY: ReadonlySet<NotifyEventKind> = new Set(['assigned'])

export function wantsEmail(kind: NotifyEventKind, chosen: readonly string[] | undefined) {
  return (chosen ?? DEFAULT_EMAIL_EVENTS).includes(kind)
}

export function outgoingOf(
  event: NotifyEvent,
  channels: ChannelsConfigured,
  analysts: Analysts,
): Outgoing[] {
  if (isReportEvent(event.kind)) return reportOutgoing(event, channels, analysts)
  const personal =
    event.analystId === null ? null : personalAddress(event, event.analystId, analysts)
  if (!channels.email && !channels.slack && !channels.webhook) {
    if (event.analystId !== null && !personal) return []
    return [{ event, channel: 'none', recipient: personal ?? 'team' }]
  }
  const out: Outgoing[] = []
  if (channels.email) {
    const to = event.analystId === null ? channels.teamEmail : personal
    if (to) out.push({ event, channel: 'email', recipient: to })
  }
  if (PERSONAL_ONLY.has(event.kind)) return out
  if (channels.slack) out.push({ event, channel: 'slack', recipient: 'slack' })
  if (channels.webhook) out.push({ event, channel: 'webhook', recipient: 'webhook' })
  return out
}

function personalAddress(event: NotifyEvent, analystId: string, analysts: Analysts) {
  if (!wantsEmail(event.kind, analysts.chosenOf(analystId))) return null
  return analysts.emailOf(analystId)
}

/**
 * A report's deadline: to its one person's sign-in address by e-mail; without e-mail configured, a
 * `none` row says what would have been sent (the team's channels are never a fallback).
 */
function reportOutgoing(
  event: NotifyEvent,
  channels: ChannelsConfigured,
  analysts: Analysts,
): Outgoing[] {
  const to = event.analystId === null ? null : analysts.emailOf(event.analystId)
  if (!to) return []
  return [{ event, channel: channels.email ? 'email' : 'none', recipient: to }]
}
