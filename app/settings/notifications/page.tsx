import type { Metadata } from 'next'

import { PreferencesForm } from '@/components/notifications/preferences-form'
import { loadPreferences } from '@/lib/notifications/service'

export const metadata: Metadata = { title: 'Notification settings' }

export default async function NotificationSettingsRoute() {
  const preferences = await loadPreferences()
  return (
    <div className="max-w-2xl space-y-4">
      <div>
        <h1 className="text-xl font-semibold">Notifications</h1>
        <p className="mt-0.5 text-sm text-muted">
          Which of your own events reach you by e-mail
          {preferences.email ? ` at ${preferences.email}` : ''}. The team&apos;s events (a new
          High-risk case, the history mirror falling behind) go to the team&apos;s address and
          channels.
        </p>
      </div>
      <PreferencesForm initial={preferences.emailEvents} />
    </div>
  )
}
