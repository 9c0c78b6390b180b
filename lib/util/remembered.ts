/**
 * `read` with each result kept per input string, for pure functions asked about the same few
 * strings many times (a 1,000-match report repeats its keys, countries and names). Bounded, as the
 * strings are the upstream's: the whole store is dropped when it reaches `limit`.
 */
export function remembered<T>(read: (value: string) => T, limit = 5_000): (value: string) => T {
  const known = new Map<string, T>()
  return (value) => {
    if (known.has(value)) return known.get(value) as T
    const result = read(value)
    if (known.size >= limit) known.clear()
    known.set(value, result)
    return result
  }
}
