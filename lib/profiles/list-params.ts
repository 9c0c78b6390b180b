/** The profile list's page and page size as they live in the URL: `?page=N&limit=M`. */

export const PAGE_SIZES = [10, 25, 50, 100] as const
type PageSize = (typeof PAGE_SIZES)[number]
const DEFAULT_PAGE_SIZE: PageSize = 25
/** Our route handler accepts 0-based pages up to 100,000; beyond that the URL is malformed. */
export const MAX_PAGE = 100_001

export type ProfileListParams = { page: number; limit: PageSize }

type RawParam = string | string[] | null | undefined

/**
 * Page (counting from 1, as people do) and page size from the URL. A malformed or out-of-range
 * value falls back to a valid one; `canonical` is false when the URL should be rewritten to show
 * what is actually displayed.
 */
export function parseProfileListParams(query: { page?: RawParam; limit?: RawParam }): {
  params: ProfileListParams
  canonical: boolean
} {
  const page = parsePage(query.page)
  const limit = parseLimit(query.limit)
  const canonical = isCanonical(query.page, page) && isCanonical(query.limit, limit)
  return { params: { page, limit }, canonical }
}

function parsePage(raw: RawParam): number {
  if (typeof raw !== 'string' || !/^\d{1,7}$/.test(raw)) return 1
  const page = Number(raw)
  return page >= 1 && page <= MAX_PAGE ? page : 1
}

function parseLimit(raw: RawParam): PageSize {
  const limit = PAGE_SIZES.find((size) => String(size) === raw)
  return limit ?? DEFAULT_PAGE_SIZE
}

function isCanonical(raw: RawParam, parsed: number): boolean {
  return raw === undefined || raw === null || raw === String(parsed)
}

/** The upstream counts pages from 0. */
export function toUpstreamPage(page: number): number {
  return page - 1
}

export function profileListPath({ page, limit }: ProfileListParams): string {
  return `/profiles?page=${page}&limit=${limit}`
}

/** After a page size change, the page that still shows the first row the analyst was looking at. */
export function pageAfterResize(page: number, from: PageSize, to: PageSize): number {
  return Math.floor(((page - 1) * from) / to) + 1
}

export function isPageSize(value: number): value is PageSize {
  return (PAGE_SIZES as readonly number[]).includes(value)
}
