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

/**
 * mulberry32: tiny, fast and good enough for test data (not for anything secret). A class, not a
 * set of closures: a large history's tail makes several generators per record as a backfill reads
 * it, and closures made per generator were a tenth of the simulator's time.
 */
class Mulberry32 implements Rng {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  float(min: number, max: number, digits = 2): number {
    return Number((min + this.next() * (max - min)).toFixed(digits))
  }

  chance(probability: number): boolean {
    return this.next() < probability
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list')
    return items[this.int(0, items.length - 1)] as T
  }

  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items]
    for (let i = pool.length - 1; i > 0; i--) {
      const j = this.int(0, i)
      ;[pool[i], pool[j]] = [pool[j] as T, pool[i] as T]
    }
    return pool.slice(0, Math.max(0, count))
  }

  hex(length: number): string {
    let out = ''
    for (let i = 0; i < length; i++) out += this.int(0, 15).toString(16)
    return out
  }

  uuid(): string {
    return `${this.hex(8)}-${this.hex(4)}-4${this.hex(3)}-${this.pick(['8', '9', 'a', 'b'])}${this.hex(3)}-${this.hex(12)}`
  }
}

export function createRng(seed: number): Rng {
  return new Mulberry32(seed)
}

/** A generator for one entity of the data set. */
export function rngFor(seed: number, kind: string, index: number | string = 0): Rng {
  return createRng(seedFrom(seed, kind, index))
}
