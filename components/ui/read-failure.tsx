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
      <a
        href={retryHref}
        className="mt-3 inline-block rounded border border-red-300 bg-white px-3 py-1 text-sm font-medium text-red-900 hover:bg-red-100 dark:border-red-800 dark:bg-red-950 dark:text-red-100 dark:hover:bg-red-900"
      >
        Try again
      </a>
    </div>
  )
}
