import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { HISTORY_MAX_PAGES, webhookHistoryQueryOptions } from '@/lib/queries/webhooks'
import { flattenPages } from '@/lib/webhooks/pages'

/*
 * The webhook history in the browser holds a bounded number of pages: scrolling on drops the
 * newest held page, and scrolling back up fetches it again from its cursor.
 */

const PAGE_SIZE = 50
const TOTAL_PAGES = HISTORY_MAX_PAGES + 6
const records = Array.from({ length: PAGE_SIZE * TOTAL_PAGES }, (_, n) => ({
  id: `rec-${String(n).padStart(5, '0')}`,
  event_type: 'VERIFICATION_COMPLETED',
  created_at: new Date(Date.UTC(2026, 0, 1) - n * 60_000).toISOString(),
}))

/** The route handler, as the upstream pages it: the newest first, then after a record's id. */
const fetched: (string | null)[] = []
function answer(input: string) {
  const url = new URL(input, 'http://verity.test')
  const after = url.searchParams.get('after')
  fetched.push(after)
  const from = after === null ? 0 : records.findIndex((record) => record.id === after) + 1
  const data = records.slice(from, from + PAGE_SIZE)
  const body = { data, has_next: from + PAGE_SIZE < records.length }
  return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }))
}

let client: QueryClient
let observer: InfiniteQueryObserver<
  unknown,
  Error,
  { pages: { data: typeof records; has_next: boolean }[]; pageParams: unknown[] }
>

beforeEach(async () => {
  fetched.length = 0
  vi.stubGlobal('fetch', vi.fn(answer))
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  observer = new InfiniteQueryObserver(client, webhookHistoryQueryOptions(undefined) as never)
  observer.subscribe(() => undefined)
  await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true), {
    timeout: 10_000,
  })
})

afterEach(() => {
  observer.destroy()
  client.clear()
  vi.unstubAllGlobals()
})

const held = () => observer.getCurrentResult().data?.pages ?? []
const firstHeldId = () => held()[0]?.data[0]?.id

async function scrollOn(pages: number) {
  for (let n = 0; n < pages; n++) await observer.fetchNextPage()
}

describe('the webhook history’s pages in memory', () => {
  it(`holds at most ${HISTORY_MAX_PAGES} pages however far the analyst scrolls`, async () => {
    await scrollOn(TOTAL_PAGES - 1)
    expect(fetched).toHaveLength(TOTAL_PAGES)
    expect(held()).toHaveLength(HISTORY_MAX_PAGES)
    // The newest pages went; the oldest record of the history is still at the end.
    expect(firstHeldId()).toBe(records[(TOTAL_PAGES - HISTORY_MAX_PAGES) * PAGE_SIZE]?.id)
    expect(held().at(-1)?.data.at(-1)?.id).toBe(records.at(-1)?.id)
    expect(observer.getCurrentResult().hasNextPage).toBe(false)
    expect(observer.getCurrentResult().hasPreviousPage).toBe(true)
    const { records: shown } = flattenPages(held())
    expect(shown).toHaveLength(HISTORY_MAX_PAGES * PAGE_SIZE)
  })

  it('fetches a dropped page again when the analyst scrolls back up, and stays bounded', async () => {
    await scrollOn(TOTAL_PAGES - 1)
    fetched.length = 0
    const dropped = TOTAL_PAGES - HISTORY_MAX_PAGES
    await observer.fetchPreviousPage()
    // The page before the first held one starts after the last record of the page before it.
    expect(fetched).toEqual([records[(dropped - 1) * PAGE_SIZE - 1]?.id])
    expect(firstHeldId()).toBe(records[(dropped - 1) * PAGE_SIZE]?.id)
    expect(held()).toHaveLength(HISTORY_MAX_PAGES)

    for (let n = 1; n < dropped; n++) await observer.fetchPreviousPage()
    expect(fetched.at(-1)).toBeNull()
    expect(firstHeldId()).toBe(records[0]?.id)
    expect(observer.getCurrentResult().hasPreviousPage).toBe(false)
    expect(observer.getCurrentResult().hasNextPage).toBe(true)
    expect(held()).toHaveLength(HISTORY_MAX_PAGES)
    // Pages are whole and in order: no record twice, none missing between them.
    const ids = flattenPages(held()).records.map((record) => record.id)
    expect(ids).toEqual(records.slice(0, HISTORY_MAX_PAGES * PAGE_SIZE).map((record) => record.id))
  })
})
