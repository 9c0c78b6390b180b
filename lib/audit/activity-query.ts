/*
 * The activity list's filters as they appear in its URL. No zod here: lib/routes.ts builds links
 * with it in the browser too (the parsing lives in activity-filters.ts, on the server).
 */

export type ActivityFilters = {
  analyst?: string
  action?: string
  type?: string
  id?: string
  /** Days in UTC, YYYY-MM-DD, both included. */
  from?: string
  to?: string
  page: number
}

const NAMES = ['analyst', 'action', 'type', 'id', 'from', 'to'] as const

/** The filters as URL search parameters, without the empty ones (and page 1). */
export function activitySearchParams(filters: Partial<ActivityFilters>) {
  const params = new URLSearchParams()
  for (const name of NAMES) {
    const value = filters[name]
    if (value) params.set(name, value)
  }
  if (filters.page && filters.page > 1) params.set('page', String(filters.page))
  return params
}
