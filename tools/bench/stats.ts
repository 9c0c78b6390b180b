/** Percentile by nearest rank over unsorted samples; NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN
  const sorted = [...samples].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank] ?? Number.NaN
}

export function median(samples: readonly number[]): number {
  return percentile(samples, 50)
}

export const round = (value: number, digits = 2) => Number(value.toFixed(digits))
