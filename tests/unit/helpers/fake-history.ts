import type { FakeHandler } from './fake-upstream'
import { sendJson } from './fake-upstream'

/*
 * A webhook history for the fake upstream, paged by `after` like the real one: `records` is kept
 * newest first (tests add to the front), and served in either order.
 */

export type FakeHistory = {
  /** Newest first; tests change it between requests. */
  records: unknown[]
  order: 'newest_first' | 'oldest_first'
  /** When set, the n-th page request (from 1) fails with this status. */
  failAt?: { request: number; status: number }
  /** Records deleted upstream once used as a cursor: that `after` answers 404, and they are gone. */
  gone?: Set<string>
  requests: number
}

export function fakeHistory(records: unknown[], order: FakeHistory['order'] = 'newest_first') {
  return { records, order, requests: 0 } as FakeHistory
}

export function historyHandler(history: FakeHistory): FakeHandler {
  return (request, response) => {
    history.requests += 1
    if (history.failAt?.request === history.requests) {
      return sendJson(response, history.failAt.status, { error: 'failure' })
    }
    const url = new URL(request.url ?? '/', 'http://fake')
    const served =
      history.order === 'newest_first' ? history.records : [...history.records].reverse()
    const limit = Number(url.searchParams.get('limit') ?? 50)
    const after = url.searchParams.get('after')
    let from = 0
    if (after && history.gone?.has(after)) {
      history.records = history.records.filter((record) => idOf(record) !== after)
      return sendJson(response, 404, { error: 'not_found' })
    }
    if (after) {
      const position = served.findIndex((record) => idOf(record) === after)
      if (position < 0) return sendJson(response, 404, { error: 'not_found' })
      from = position + 1
    }
    sendJson(response, 200, {
      data: served.slice(from, from + limit),
      has_next: from + limit < served.length,
    })
  }
}

function idOf(record: unknown): unknown {
  return typeof record === 'object' && record !== null
    ? (record as Record<string, unknown>).id
    : undefined
}

const BASE = Date.parse('2026-11-20T12:00:00Z')

/** A screening record, `minutesAgo` before the fake's clock. */
export function screening(
  id: string,
  minutesAgo: number,
  name = 'José Álvarez',
  risk: 'High' | 'Medium' | 'Low' = 'High',
) {
  return {
    id,
    webhook_id: 'wh-1',
    event_type: 'AML_SCREENING',
    timestamp: new Date(BASE - minutesAgo * 60_000).toISOString(),
    is_sandbox: false,
    attempts: 1,
    response_code: 200,
    payload: {
      applicant_id: `app-${id}`,
      screening_id: `scr-${id}`,
      external_id: `crm-${id}`,
      search_request: { full_name: name },
      search_response: {
        search_uuid: `uuid-${id}`,
        requested_name: name,
        data: [
          { uuid: 'm1', risk_score: risk },
          { uuid: 'm2', risk_score: 'Low' },
        ],
      },
    },
  }
}

/** `count` screenings, newest first, one minute apart, ids `${prefix}-0`…, starting `from` minutes ago. */
export function screenings(count: number, prefix = 'r', from = 0) {
  return Array.from({ length: count }, (_, index) => screening(`${prefix}-${index}`, from + index))
}
