import Link from 'next/link'

import { SendAgainButton } from '@/components/notifications/send-again-button'
import { Badge, type BadgeTone } from '@/components/ui/badge'
import { Timestamp } from '@/components/ui/timestamp'
import {
  eventLabels,
  type Delivery,
  type NotificationList,
  type DeliveryStatus,
} from '@/lib/notifications/events'
import { casePath, notificationSettingsPath } from '@/lib/routes'

const statusLooks: Record<DeliveryStatus, { tone: BadgeTone; label: string }> = {
  queued: { tone: 'blue', label: 'queued' },
  sending: { tone: 'blue', label: 'sending' },
  retrying: { tone: 'amber', label: 'retrying' },
  sent: { tone: 'green', label: 'sent' },
  failed: { tone: 'red', label: 'failed' },
  not_sent: { tone: 'neutral', label: 'would have been sent' },
}

const channelLabels: Record<string, string> = {
  email: 'E-mail',
  slack: 'Slack',
  webhook: 'Webhook',
  none: 'No channel',
}

/** The notifications page: every notification, how its tries went, and "send again" for leads. */
export function NotificationsPage({ log }: { log: NotificationList | null }) {
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-xl font-semibold">Notifications</h1>
        <p className="mt-0.5 text-sm text-muted">
          What Verity told the team and each analyst, newest first: one message per event and
          recipient, sent by a job that retries with backoff. Analysts choose their own e-mails in{' '}
          <Link href={notificationSettingsPath} className="text-link hover:underline">
            notification settings
          </Link>
          .
        </p>
      </div>
      {log === null ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          The notifications page is for leads.
        </p>
      ) : (
        <>
          <Channels channels={log.channels} />
          {log.deliveries.length === 0 ? (
            <p className="text-sm text-muted">Nothing has been notified yet.</p>
          ) : (
            <ul className="divide-y divide-hairline rounded border border-line bg-surface">
              {log.deliveries.map((delivery) => (
                <DeliveryRow key={delivery.id} delivery={delivery} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  )
}

function Channels({ channels }: { channels: NotificationList['channels'] }) {
  const on = [
    channels.email &&
      `e-mail${channels.teamEmail ? ` (the team at ${channels.teamEmail})` : ' (analysts only)'}`,
    channels.slack && 'Slack',
    channels.webhook && 'the signed webhook',
  ].filter(Boolean)
  return (
    <p className="text-sm">
      {on.length > 0
        ? `Channels: ${on.join(', ')}.`
        : 'No channel is configured (SMTP_URL, SLACK_WEBHOOK_URL, NOTIFY_WEBHOOK_URL): the log shows what would have been sent.'}
    </p>
  )
}

function DeliveryRow({ delivery }: { delivery: Delivery }) {
  const looks = statusLooks[delivery.status]
  return (
    <li className="space-y-1 px-3 py-2 text-sm" data-delivery={delivery.id}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={looks.tone}>{looks.label}</Badge>
        <span className="font-medium">{delivery.subject}</span>
      </div>
      <div className="flex flex-wrap gap-x-3 text-xs text-muted">
        <span>{eventLabels[delivery.eventKind] ?? delivery.eventKind}</span>
        <span>
          {channelLabels[delivery.channel] ?? delivery.channel} to {delivery.recipient}
        </span>
        <span>
          noticed <Timestamp value={delivery.createdAt} />
        </span>
        {delivery.sentAt && (
          <span>
            sent <Timestamp value={delivery.sentAt} />
          </span>
        )}
        {delivery.attempts > 0 && (
          <span>
            {delivery.attempts} {delivery.attempts === 1 ? 'try' : 'tries'}
          </span>
        )}
        {delivery.caseId !== null && (
          <Link href={casePath(delivery.caseId)} className="text-link hover:underline">
            Case {delivery.caseId}
          </Link>
        )}
      </div>
      {delivery.lastError && (
        <p className="text-xs text-red-800 dark:text-red-300">Last error: {delivery.lastError}</p>
      )}
      <details className="text-xs">
        <summary className="cursor-pointer text-muted">Message</summary>
        <pre className="mt-1 font-sans whitespace-pre-wrap">{delivery.body}</pre>
      </details>
      {(delivery.status === 'sent' || delivery.status === 'failed') && (
        <SendAgainButton id={delivery.id} />
      )}
    </li>
  )
}
