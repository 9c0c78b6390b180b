import { Button } from '@/components/ui/button'
import { IntentLink } from '@/components/ui/intent-link'
import { viewerLabel, type Viewer } from '@/lib/auth/viewer'
import { notificationSettingsPath } from '@/lib/routes'

/** Who is signed in, and the way out (the layout shows it only when someone is). */
export function AccountMenu({ viewer }: { viewer: Viewer }) {
  const label = viewerLabel(viewer)
  return (
    <div className="flex min-w-0 items-center gap-2 text-xs">
      <span className="truncate text-muted" title={viewer.email ?? undefined}>
        <span className="sr-only">Signed in as </span>
        {viewer.name && viewer.email ? `${viewer.name} · ${viewer.email}` : label}
      </span>
      <IntentLink
        href={notificationSettingsPath}
        className="whitespace-nowrap text-link hover:underline"
      >
        Notifications
      </IntentLink>
      <form method="post" action="/auth/sign-out">
        <Button
          type="submit"
          variant="outline"
          className="px-2 py-0.5 whitespace-nowrap text-zinc-700 hover:bg-subtle focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-zinc-300"
        >
          Sign out
        </Button>
      </form>
    </div>
  )
}
