import { buttonClass } from '@/components/ui/button'
import { failureWords } from '@/components/ui/failure-words'

/**
 * A read that failed on the server, said in words, inside the page so the shell remains. Trying
 * again is a plain link to the same address, so it works before (and without) JavaScript.
 */
export function ReadFailure({
  kind,
  what,
  retryHref,
}: {
  kind: string
  what: string
  retryHref: string
}) {
  const known = failureWords[kind]
  return (
    <div
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 p-4 text-sm dark:border-red-900 dark:bg-red-950/50"
    >
      <p className="font-medium text-red-900 dark:text-red-200">
        {known?.title ?? `Could not load ${what}`}
      </p>
      <p className="mt-1 text-red-800 dark:text-red-300">
        {known?.hint || 'Try again in a moment.'}
      </p>
      <a href={retryHref} className={buttonClass('danger', 'md', 'mt-3 inline-block')}>
        Try again
      </a>
    </div>
  )
}
