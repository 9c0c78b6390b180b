// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'

import { ApiError } from '@/lib/queries/api-fetch'
import { getQueryClient } from '@/lib/queries/query-client'

/* The browser's retry policy: only what Verity's server did not already answer is tried again. */

function retries(error: unknown) {
  const retry = getQueryClient().getDefaultOptions().queries?.retry
  if (typeof retry !== 'function') throw new Error('expected a retry function')
  return [retry(0, error as Error), retry(1, error as Error)]
}

const problem = (status: number, kind: string) =>
  new ApiError(status, kind, 'title', 'detail', kind === 'circuit_open' ? 15 : undefined)

describe('retries in the browser', () => {
  it.each([
    [502, 'unavailable'],
    [502, 'unreachable'],
    [504, 'timeout'],
    [503, 'circuit_open'],
    [429, 'rate_limited'],
    [502, 'bad_response'],
    [502, 'unauthorized'],
    [404, 'not_found'],
    [400, 'bad_parameter'],
    [401, 'unauthenticated'],
    [500, 'internal'],
  ])(
    'never retries a %i %s problem, which the server answered after its own retries',
    (status, kind) => {
      expect(retries(problem(status, kind))).toEqual([false, false])
    },
  )

  it.each([502, 503, 504])(
    'retries once a %i that a proxy in front answered instead of Verity',
    (status) => {
      expect(retries(problem(status, 'http'))).toEqual([true, false])
    },
  )

  it('retries once a request that never got an answer', () => {
    expect(retries(new TypeError('Failed to fetch'))).toEqual([true, false])
  })

  it('does not retry other answers that were not Verity’s', () => {
    expect(retries(problem(404, 'http'))).toEqual([false, false])
  })
})
