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
