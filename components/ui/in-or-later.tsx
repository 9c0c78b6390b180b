import 'server-only'

import { Suspense, type ReactNode } from 'react'

import type { InOrLater } from '@/lib/util/settled'

/**
 * A part the server read beside the page: rendered in place when it was in by the time the page
 * rendered, else `fallback` until it streams in (lib/util/settled.ts, `settledOrLater`).
 */
export function InOrLaterPart<T>({
  part,
  fallback,
  children,
}: {
  part: InOrLater<T>
  fallback: ReactNode
  children: (value: T) => ReactNode
}) {
  if (!(part instanceof Promise)) return children(part)
  return (
    <Suspense fallback={fallback}>
      <Streamed part={part} render={children} />
    </Suspense>
  )
}

async function Streamed<T>({
  part,
  render,
}: {
  part: Promise<T>
  render: (value: T) => ReactNode
}) {
  return render(await part)
}
