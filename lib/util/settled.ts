/** A secondary part's read: its failure is shown in its place, never thrown past the page. */
export type Settled<T> = { ok: true; value: T } | { ok: false }

export function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    () => ({ ok: false as const }),
  )
}

/** Resolves when every one of `promises` has settled, or after `ms`, whichever comes first. */
export function settledWithin(ms: number, promises: readonly (Promise<unknown> | null)[]) {
  let timer: ReturnType<typeof setTimeout> | undefined
  return Promise.race([
    Promise.allSettled(promises.filter((promise) => promise !== null)),
    new Promise((resolve) => (timer = setTimeout(resolve, ms))),
  ]).finally(() => clearTimeout(timer))
}

/** A part read beside a page's record: its value when it was in by the time the page rendered. */
export type InOrLater<T> = T | Promise<T>

type InOrLaterParts<P> = {
  [K in keyof P]: P[K] extends Promise<infer T> ? InOrLater<T> : P[K]
}

/**
 * Waits up to `ms` for the parts (as `settledWithin`), then gives each one that has resolved as its
 * value and the rest as their promises. A value renders in place in the first HTML; a promise goes
 * behind a Suspense boundary, and React reveals streamed content no sooner than 300 ms after the
 * first frame, however soon after the first HTML it arrived.
 */
export async function settledOrLater<P extends Record<string, Promise<unknown> | null>>(
  ms: number,
  parts: P,
): Promise<InOrLaterParts<P>> {
  const resolved = new Map<string, unknown>()
  for (const [key, part] of Object.entries(parts))
    // A rejection stays with the promise, for the part's own error handling to show.
    part?.then(
      (value) => resolved.set(key, value),
      () => undefined,
    )
  await settledWithin(ms, Object.values(parts))
  return Object.fromEntries(
    Object.entries(parts).map(([key, part]) => [key, resolved.has(key) ? resolved.get(key) : part]),
  ) as InOrLaterParts<P>
}
