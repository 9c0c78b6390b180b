import type { ReactNode } from 'react'

/** The page title, with whatever the current view adds beside it (the time zone it shows). */
export function WebhookHistoryHeader({ children }: { children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
      <div>
        <h1 className="text-xl font-semibold">Webhook history</h1>
        <p className="mt-0.5 text-sm text-muted">
          Every notification the service sent, newest first.
        </p>
      </div>
      {children}
    </div>
  )
}
