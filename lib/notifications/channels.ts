import 'server-only'

import nodemailer from 'nodemailer'

import type { NotificationsTable } from '@/lib/store/schema'
import { signBody } from '@/lib/upstream/webhook-signature'

import type { NotifySettings } from './settings'
import { SIGNATURE_HEADER } from './signature'

/*
 * Sending one message on its channel. Each try has a deadline, so a channel that hangs fails the
 * try (and the job retries later) rather than holding a worker. Errors are reduced to words
 * without credentials: they are kept in the notifications table and shown to leads.
 */

export type Sendable = Pick<
  NotificationsTable,
  'event_key' | 'event_kind' | 'channel' | 'recipient' | 'subject' | 'body' | 'case_id'
> & { id: number }

const DEADLINE_MS = 10_000

export async function sendOn(message: Sendable, settings: NotifySettings): Promise<void> {
  switch (message.channel) {
    case 'email':
      return sendEmail(message, settings)
    case 'slack':
      return postJson(
        required(settings.slackUrl, 'SLACK_WEBHOOK_URL'),
        JSON.stringify(slackMessage(message)),
        {},
      )
    case 'webhook': {
      const body = JSON.stringify({
        id: message.id,
        event: message.event_kind,
        key: message.event_key,
        case_id: message.case_id,
        subject: message.subject,
        text: message.body,
      })
      const secret = required(settings.webhookSecret, 'NOTIFY_WEBHOOK_SECRET')
      const t = Math.floor(Date.now() / 1_000)
      return postJson(required(settings.webhookUrl, 'NOTIFY_WEBHOOK_URL'), body, {
        [SIGNATURE_HEADER]: signBody(secret, body, t),
      })
    }
    default:
      throw new Error(`no channel ${message.channel} to send on`)
  }
}

/**
 * Slack's message: plain text (`mrkdwn` off, so `*` and `_` in a name are characters), with `&`,
 * `<` and `>` escaped as Slack asks, so no `<!channel>` and no `<url|text>` link can come from a
 * message's words; Slack links the one address, Verity's.
 */
export function slackMessage(message: Pick<Sendable, 'subject' | 'body'>) {
  const escape = (text: string) =>
    text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
  return { text: escape(`${message.subject}\n${message.body}`), mrkdwn: false }
}

async function sendEmail(message: Sendable, settings: NotifySettings) {
  const url = new URL(required(settings.smtpUrl, 'SMTP_URL'))
  const secure = url.protocol === 'smtps:'
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port) || (secure ? 465 : 587),
    secure,
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    connectionTimeout: DEADLINE_MS,
    greetingTimeout: DEADLINE_MS,
    socketTimeout: DEADLINE_MS,
  })
  try {
    await transport.sendMail({
      from: required(settings.from, 'NOTIFY_EMAIL_FROM'),
      to: message.recipient,
      subject: message.subject,
      text: message.body,
    })
  } finally {
    transport.close()
  }
}

async function postJson(url: string, body: string, headers: Record<string, string>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    signal: AbortSignal.timeout(DEADLINE_MS),
    redirect: 'error',
  })
  await response.body?.cancel()
  if (!response.ok) throw new Error(`the channel answered ${response.status}`)
}

function required(value: string | null, name: string): string {
  if (value === null) throw new Error(`${name} is not set`)
  return value
}

/** An error in words fit for the log: URLs lose their credentials, and it is kept short. */
export function errorWords(error: unknown): string {
  const words = (value: unknown) =>
    value instanceof Error ? value.message || value.name : String(value)
  // fetch says only "fetch failed"; what failed is its cause.
  const cause = error instanceof Error && error.cause ? `: ${words(error.cause)}` : ''
  const text = `${words(error)}${cause}`
  return text.replace(/(\w+:\/\/)[^/@\s]*@/g, '$1***@').slice(0, 500)
}
