/*
 * Seeded randomness for the simulated data set. Every entity draws from its own generator, derived
 * from the global seed and the entity's kind and index, so that changing one size knob (say, the
 * number of profiles) does not reshuffle the rest of the data set.
 */

export type Rng = {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number
  float(min: number, max: number, digits?: number): number
  chance(probability: number): boolean
  pick<T>(items: readonly T[]): T
  /** Up to `count` distinct items, in a random order. */
  sample<T>(items: readonly T[], count: number): T[]
  /** `length` hexadecimal characters, lower case. */
  hex(length: number): string
  /** A UUID in version 4 form. */
  uuid(): string
}

/** FNV-1a over the parts, so that ('profile', 3) and ('profile', 4) give unrelated seeds. */
export function seedFrom(...parts: ReadonlyArray<string | number>): number {
  let hash = 0x811c9dc5
  for (const char of parts.join('\u0000')) {
    hash ^= char.charCodeAt(0)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/** mulberry32: tiny, fast and good enough for test data (not for anything secret). */
export function createRng(seed: number): Rng {
  let state = seed >>> 0
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list')
    return items[int(0, items.length - 1)] as T
  }
  const hex = (length: number): string => {
    let out = ''
    for (let i = 0; i < length; i++) out += int(0, 15).toString(16)
    return out
  }
  return {
    next,
    int,
    float: (min, max, digits = 2) => Number((min + next() * (max - min)).toFixed(digits)),
    chance: (probability) => next() < probability,
    pick,
    sample: (items, count) => {
      const pool = [...items]
      for (let i = pool.length - 1; i > 0; i--) {
        const j = int(0, i)
        ;[pool[i], pool[j]] = [pool[j] as (typeof pool)[number], pool[i] as (typeof pool)[number]]
      }
      return pool.slice(0, Math.max(0, count))
    },
    hex,
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`,
  }
}

/** A generator for one entity of the data set. */
export function rngFor(seed: number, kind: string, index: number | string = 0): Rng {
  return createRng(seedFrom(seed, kind, index))
}
