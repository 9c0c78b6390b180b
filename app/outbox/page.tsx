import { permanentRedirect } from 'next/navigation'

import { notificationsPath } from '@/lib/routes'

// The notifications page's old address (before #55), kept so bookmarks and old links still open it.
export default function OldOutboxRoute() {
  permanentRedirect(notificationsPath)
}
