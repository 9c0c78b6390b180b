import { Button } from '@/components/ui/button'
import type { CaseViewName } from '@/lib/cases/views'

/**
 * The analyst marks themselves away (automatic assignment passes them over) or back: a plain form
 * posting to /queue/presence, which answers 303 back to the view.
 */
export function AwayButton({ view, away }: { view: CaseViewName; away: boolean }) {
  return (
    <form method="post" action="/queue/presence" className="flex items-center gap-2 text-xs">
      <input type="hidden" name="view" value={view} />
      <input type="hidden" name="away" value={away ? 'false' : 'true'} />
      {away && <span className="text-muted">You are marked away.</span>}
      <Button type="submit" variant="outline" className="px-2.5 py-1.5 text-xs">
        {away ? "I'm back" : 'Mark me away'}
      </Button>
    </form>
  )
}
