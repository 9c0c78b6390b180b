import 'server-only'

import { getEnv } from '@/lib/env'

/*
 * Making a pack is the most expensive thing Verity does (a 1,000-match report is read whole, laid
 * out over some 14 PDF pages, with an audit excerpt of up to 1,000 rows), and the hourly limit per
 * analyst does not bound how many are made at once. This process makes at most
 * EVIDENCE_PACK_CONCURRENCY packs at a time; the others wait their turn, first come first served,
 * and are never refused for it. Kept on globalThis so that every bundle of the server shares it.
 */

type Slots = { running: number; waiting: (() => void)[] }

const KEY = Symbol.for('verity.evidence-pack-slots')
const shared = globalThis as typeof globalThis & { [KEY]?: Slots }

export async function inPackSlot<T>(make: () => Promise<T>): Promise<T> {
  const slots = (shared[KEY] ??= { running: 0, waiting: [] })
  if (slots.running < getEnv().EVIDENCE_PACK_CONCURRENCY) slots.running += 1
  else await new Promise<void>((resolve) => slots.waiting.push(resolve))
  try {
    return await make()
  } finally {
    // A waiting pack takes the slot over as it is, so none can slip in between.
    const next = slots.waiting.shift()
    if (next) next()
    else slots.running -= 1
  }
}
