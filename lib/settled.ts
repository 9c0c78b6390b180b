/** A secondary part's read: its failure is shown in its place, never thrown past the page. */
export type Settled<T> = { ok: true; value: T } | { ok: false }

export function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    () => ({ ok: false as const }),
  )
}
