import type { AmlSearchResult } from '@/lib/upstream/schemas'
import type { RawWebhookRecord } from './dataset-webhooks'
import {
  addedRecord,
  generatedId,
  tailRecord,
  tailSearch,
  tailWebhook,
  type TailContext,
} from './history-tail'
import type { AddedSpec } from './added-spec'

/*
 * The webhook history as the simulator serves it: records added while running (newest), the built
 * records, then the generated tail, in that order newest first; served newest first (as the
 * provider's docs show) or, with SIM_HISTORY_ORDER=oldest, oldest first. Positions below are
 * newest-first; `served` turns a served position into one.
 */

export type HistoryOrder = 'newest' | 'oldest'

/**
 * A record just added, with the body its webhook delivery carries: the envelope alone, as the
 * provider's docs show it (the history's delivery fields, attempts and response code, come after).
 */
export type AddedRecord = { id: string; delivery: string }

export type SimHistory = {
  readonly order: HistoryOrder
  size(): number
  /** The served page after `after` (null: from the start), or null when `after` names no record. */
  page(
    after: string | null,
    webhookId: string | null,
    page: number,
    limit: number,
  ): { items: string[]; hasNext: boolean } | null
  /** Adds records now, newest last; answers their ids and the bodies a webhook delivers. */
  add(specs: readonly AddedSpec[]): AddedRecord[]
  /** An AML report of a generated or added screening. */
  search(searchId: string): AmlSearchResult | undefined
}

export function createHistory(
  built: readonly RawWebhookRecord[],
  total: number,
  context: TailContext,
  order: HistoryOrder,
): SimHistory {
  const builtJson = built.map((record) => JSON.stringify(record))
  const builtIndex = new Map(built.map((record, index) => [record.id, index]))
  const added: { json: string; webhookId: string }[] = []
  // Added records whose ids do not carry their index (a hostile record's long id).
  const addedById = new Map<string, number>()
  const addedSearches = new Map<string, AmlSearchResult>()
  let lastAddedAt = 0

  const size = () => added.length + Math.max(total, built.length)
  /** The record at a newest-first position. */
  const recordAt = (position: number): string => {
    if (position < added.length) return added[added.length - 1 - position]?.json ?? ''
    const index = position - added.length
    return builtJson[index] ?? JSON.stringify(tailRecord(context, index))
  }
  const webhookAt = (position: number): string => {
    if (position < added.length) return added[added.length - 1 - position]?.webhookId ?? ''
    const index = position - added.length
    return built[index]?.webhook_id ?? tailWebhook(index)
  }
  const positionOf = (id: string): number | undefined => {
    const builtAt = builtIndex.get(id)
    if (builtAt !== undefined) return added.length + builtAt
    const odd = addedById.get(id)
    if (odd !== undefined) return added.length - 1 - odd
    const generated = generatedId(id)
    if (generated?.what !== 'record') return undefined
    if (generated.kind === 'added') {
      return generated.index < added.length ? added.length - 1 - generated.index : undefined
    }
    const position = added.length + generated.index
    return generated.index >= built.length && position < size() ? position : undefined
  }
  const served = (index: number) => (order === 'newest' ? index : size() - 1 - index)

  return {
    order,
    size,
    page(after, webhookId, page, limit) {
      let from = 0
      if (after !== null) {
        const position = positionOf(after)
        if (position === undefined) return null
        from = served(position) + 1
      }
      const items: string[] = []
      let skip = page * limit
      for (let index = from; index < size(); index++) {
        const position = served(index)
        if (webhookId !== null && webhookAt(position) !== webhookId) continue
        if (skip > 0) {
          skip--
          continue
        }
        // One more than the page, to say whether a next page exists.
        if (items.length === limit) return { items, hasNext: true }
        items.push(recordAt(position))
      }
      return { items, hasNext: false }
    },
    add(specs) {
      return specs.map((spec) => {
        // Now, and strictly after the record added before (two in one millisecond keep their order).
        const at = Math.max(Date.now(), lastAddedAt + 1)
        lastAddedAt = at
        const { record, result } = addedRecord(context, added.length, spec, at)
        if (generatedId(record.id) === null) addedById.set(record.id, added.length)
        added.push({ json: JSON.stringify(record), webhookId: record.webhook_id })
        if (result?.search_uuid) addedSearches.set(result.search_uuid, result)
        const { id, webhook_id, event_type, timestamp, payload } = record
        return { id, delivery: JSON.stringify({ id, webhook_id, event_type, timestamp, payload }) }
      })
    },
    search(searchId) {
      const added = addedSearches.get(searchId)
      if (added) return added
      const generated = generatedId(searchId)
      if (generated?.kind !== 'tail' || generated.what !== 'search') return undefined
      if (generated.index < built.length || generated.index >= total) return undefined
      return tailSearch(context, generated.index)
    },
  }
}
