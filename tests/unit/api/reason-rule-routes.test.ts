import { NextRequest } from 'next/server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { stubEnv } from '@/tests/unit/helpers/env'

/*
 * One rule for every reason an analyst gives, whatever the route: visible text only (no control,
 * zero-width or text-direction characters) and, where a reason is required, at least 10 visible
 * characters; each refused with the same 400 problem before anything is read or written.
 */

beforeAll(() => {
  // Sign-in off: the request passes the gate on its origin alone; no upstream or store is reached.
  stubEnv({ DS_API_BASE_URL: 'http://127.0.0.1:9', DS_API_KEY: 'k', AUTH_DISABLED: 'true' })
})

afterAll(() => {
  vi.unstubAllEnvs()
})

const SEARCH = '3f2b6d1e-8a4c-4b7e-9c2d-1e5f6a7b8c9d'

const BAD_REASONS = {
  'twelve zero-width spaces': '\u200b'.repeat(12),
  'a right-to-left override': '\u202eevlos ton saw hctam ehT',
  'a NUL': 'Screened name differs\u0000 in every match.',
}

type Post = (
  request: NextRequest,
  ctx?: { params: Promise<Record<string, string>> },
) => Promise<Response>

const ROUTES: {
  name: string
  load: () => Promise<Post>
  path: string
  params?: Record<string, string>
  body: (reason: string) => unknown
}[] = [
  {
    name: 'an unmasked evidence pack',
    load: async () => (await import('@/app/api/evidence/route')).POST,
    path: '/api/evidence',
    body: (reason) => ({ type: 'aml_search', id: SEARCH, unmasked: true, reason }),
  },
  {
    name: 'a masked evidence pack',
    load: async () => (await import('@/app/api/evidence/route')).POST,
    path: '/api/evidence',
    body: (reason) => ({ type: 'aml_search', id: SEARCH, reason }),
  },
  {
    name: "a case's escalation",
    load: async () => (await import('@/app/api/cases/[id]/route')).POST,
    path: '/api/cases/7',
    params: { id: '7' },
    body: (reason) => ({ action: 'escalate', reason }),
  },
  {
    name: "a case's closing",
    load: async () => (await import('@/app/api/cases/[id]/route')).POST,
    path: '/api/cases/7',
    params: { id: '7' },
    body: (reason) => ({ action: 'close', outcome: 'false_positive', reason }),
  },
  {
    name: "a case's reopening",
    load: async () => (await import('@/app/api/cases/[id]/route')).POST,
    path: '/api/cases/7',
    params: { id: '7' },
    body: (reason) => ({ action: 'reopen', reason }),
  },
  {
    name: 'a bulk close',
    load: async () => (await import('@/app/api/cases/bulk/route')).POST,
    path: '/api/cases/bulk',
    body: (reason) => ({ ids: [7, 8], action: 'close_false_positive', reason }),
  },
  {
    name: 'an unmasked export',
    load: async () => (await import('@/app/api/exports/aml/route')).POST,
    path: '/api/exports/aml',
    body: (reason) => ({ searchId: SEARCH, format: 'json', unmasked: true, reason }),
  },
]

describe('the reason rule', () => {
  for (const route of ROUTES) {
    for (const [what, reason] of Object.entries(BAD_REASONS)) {
      it(`refuses ${what} as the reason of ${route.name} with 400`, async () => {
        const post = await route.load()
        const request = new NextRequest(`http://localhost${route.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: 'http://localhost' },
          body: JSON.stringify(route.body(reason)),
        })
        const response = await post(
          request,
          route.params ? { params: Promise.resolve(route.params) } : undefined,
        )
        expect(response.status).toBe(400)
        const problem = (await response.json()) as { type: string; detail: string }
        expect(problem.type).toBe('about:blank#bad_parameter')
        expect(problem.detail).toMatch(/reason/i)
      })
    }
  }
})
