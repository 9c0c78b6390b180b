import type { Dataset } from '../data/dataset'
import { BUILT_LIMIT } from '../data/dataset-webhooks'
import { createHistory, type HistoryOrder, type SimHistory } from '../data/history'

/*
 * The data set serialized once, at start-up, so that a request only looks up bytes or joins
 * strings that already exist: the simulator is the baseline of the console's benchmarks and must
 * not be the bottleneck.
 */

export type Store = {
  profiles: readonly string[]
  profileById: ReadonlyMap<string, Buffer>
  verificationByShortId: ReadonlyMap<string, Buffer>
  amlById: ReadonlyMap<string, Buffer>
  history: SimHistory
  /** Bodies of list pages already answered, keyed by their normalised parameters; cleared when records are added. */
  pageCache: Map<string, Buffer>
}

const PAGE_CACHE_SIZE = 512

/** A list page from the cache, or built and remembered (the cache is simply dropped when full). */
export function cachedPage(store: Store, key: string, build: () => string): Buffer {
  const hit = store.pageCache.get(key)
  if (hit !== undefined) return hit
  if (store.pageCache.size >= PAGE_CACHE_SIZE) store.pageCache.clear()
  const body = Buffer.from(build())
  store.pageCache.set(key, body)
  return body
}

export function createStore(dataset: Dataset, seed: number, order: HistoryOrder = 'newest'): Store {
  const profiles = dataset.profiles.map((p) => JSON.stringify(p))
  const oldest = dataset.webhookHistory.at(-1)?.timestamp
  const history = createHistory(
    dataset.webhookHistory,
    dataset.historySize,
    {
      seed,
      verifications: dataset.verifications,
      from: Math.min(BUILT_LIMIT, dataset.webhookHistory.length),
      startAt: oldest ? Date.parse(oldest) : Date.now(),
    },
    order,
  )
  return {
    profiles,
    profileById: new Map(
      dataset.profiles.map((p, i) => [p.profile_id, Buffer.from(profiles[i] ?? '')]),
    ),
    verificationByShortId: new Map(
      dataset.verifications.map((v) => [v.verification_url_id ?? '', toBuffer(v)]),
    ),
    amlById: new Map([...dataset.amlResults].map(([id, result]) => [id, toBuffer(result)])),
    history,
    pageCache: new Map(),
  }
}

const toBuffer = (value: unknown) => Buffer.from(JSON.stringify(value))

/** `{"data":[...],"has_next":...}` from already serialized items. */
export function pageBody(items: readonly string[], hasNext: boolean): string {
  return `{"data":[${items.join(',')}],"has_next":${hasNext}}`
}
