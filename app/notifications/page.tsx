import type { Metadata } from 'next'

import { NotificationsPage } from '@/components/notifications/notifications-page'
import { loadNotificationsPage } from '@/lib/notifications/service'

export const metadata: Metadata = { title: 'Notifications' }

export default async function NotificationsRoute() {
  return <NotificationsPage log={await loadNotificationsPage()} />
}
