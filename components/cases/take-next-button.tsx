import { Button } from '@/components/ui/button'
import type { CaseViewName } from '@/lib/cases/views'

/**
 * Takes the oldest unclaimed case of the highest risk and opens it. A plain form posting to
 * /queue/take-next, which answers 303 to the case: it works without JavaScript, and a press before
 * the page's script has loaded is not lost.
 */
export function TakeNextButton({ view, noneLeft }: { view?: CaseViewName; noneLeft: boolean }) {
  return (
    <form method="post" action="/queue/take-next" className="flex flex-wrap items-center gap-2">
      {view && <input type="hidden" name="view" value={view} />}
      <Button type="submit" variant="primary" className="px-3 py-1.5 text-xs">
        Take next
      </Button>
      {noneLeft && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-300">
          Every active case has an owner: there is nothing to take.
        </p>
      )}
    </form>
  )
}
