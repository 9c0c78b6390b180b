import 'server-only'

import { getEnv } from '@/lib/env'

import type { ChannelsConfigured } from './rules'

/* Notifications' configuration, from the validated environment (lib/env.js). */

export type NotifySettings = {
  smtpUrl: string | null
  from: string | null
  teamEmail: string | null
  slackUrl: string | null
  webhookUrl: string | null
  webhookSecret: string | null
  dueSoonHours: number
  sweepSeconds: number
  maxLagSeconds: number
  /** Where the links in messages point. */
  appUrl: string
}

export function notifySettings(): NotifySettings {
  const env = getEnv()
  return {
    smtpUrl: env.SMTP_URL ?? null,
    from: env.NOTIFY_EMAIL_FROM ?? null,
    teamEmail: env.NOTIFY_TEAM_EMAIL ?? null,
    slackUrl: env.SLACK_WEBHOOK_URL ?? null,
    webhookUrl: env.NOTIFY_WEBHOOK_URL ?? null,
    webhookSecret: env.NOTIFY_WEBHOOK_SECRET ?? null,
    dueSoonHours: env.NOTIFY_DUE_SOON_HOURS,
    sweepSeconds: env.NOTIFY_SWEEP_SECONDS,
    maxLagSeconds: env.HISTORY_MAX_LAG_SECONDS,
    // No request is at hand when a message is made: the public origin, else where a server
    // started with the defaults answers.
    appUrl: env.APP_URL ?? `http://127.0.0.1:${process.env.PORT ?? '3000'}`,
  }
}

export function channelsOf(settings: NotifySettings): ChannelsConfigured {
  return {
    email: settings.smtpUrl !== null && settings.from !== null,
    teamEmail: settings.teamEmail,
    slack: settings.slackUrl !== null,
    webhook: settings.webhookUrl !== null && settings.webhookSecret !== null,
  }
}
