import type { Dataset } from './dataset'

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
  history: readonly string[]
  /** Position of each history record in `history`. */
  historyIndex: ReadonlyMap<string, number>
  /** Positions in `history` of the records of each webhook, ascending. */
  historyByWebhook: ReadonlyMap<string, readonly number[]>
  /** Bodies of list pages already answered, keyed by their normalised parameters. */
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

export function createStore(dataset: Dataset): Store {
  const profiles = dataset.profiles.map((p) => JSON.stringify(p))
  const history = dataset.webhookHistory.map((r) => JSON.stringify(r))
  const historyByWebhook = new Map<string, number[]>()
  dataset.webhookHistory.forEach((record, position) => {
    const positions = historyByWebhook.get(record.webhook_id) ?? []
    positions.push(position)
    historyByWebhook.set(record.webhook_id, positions)
  })
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
    historyIndex: new Map(dataset.webhookHistory.map((r, i) => [r.id, i])),
    historyByWebhook,
    pageCache: new Map(),
  }
}

const toBuffer = (value: unknown) => Buffer.from(JSON.stringify(value))

/** `{"data":[...],"has_next":...}` from already serialized items. */
export function pageBody(items: readonly string[], hasNext: boolean): string {
  return `{"data":[${items.join(',')}],"has_next":${hasNext}}`
}
