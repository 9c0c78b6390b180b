import { NextRequest } from 'next/server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type { Viewer } from '@/lib/auth/viewer'
import { stubEnv } from '@/tests/unit/helpers/env'
import { startFakeUpstream, type FakeUpstream } from '@/tests/unit/helpers/fake-upstream'
import { withAppStore } from '@/tests/unit/helpers/test-store'

/*
 * The auditor (AUTH_AUDITOR_GROUPS, issue #58) through the routes as a browser calls them, sign-in
 * on: they read (the exam pack, masked), and every change is refused with 403 before any handler
 * runs, audited; a pack of unmasked data is refused to them, and any pack to an analyst.
 */

const ORIGIN = 'http://localhost'
const person = (sub: string, groups: string[]): Viewer => ({
  iss: 'https://idp.test',
  sub,
  email: `${sub}@example.com`,
  name: sub,
  groups,
})
const auditor = person('aud', ['examiners'])
const analyst = person('ana', [])
const lead = person('lea', ['aml-leads'])

let fake: FakeUpstream
withAppStore()

beforeAll(async () => {
  fake = await startFakeUpstream()
  stubEnv({
    AUTH_DISABLED: 'false',
    DS_API_BASE_URL: fake.url,
    DS_API_KEY: 'k',
    OIDC_ISSUER: 'https://id.example.com',
    OIDC_CLIENT_ID: 'verity',
    OIDC_CLIENT_SECRET: 'client-secret',
    SESSION_SECRET: 'auditor-test-session-secret-of-enough-length',
    AUTH_ALLOWED_EMAIL_DOMAINS: 'example.com',
    AUTH_LEAD_GROUPS: 'aml-leads',
    AUTH_AUDITOR_GROUPS: 'examiners',
    AUDIT_STDOUT: 'off',
  })
})

afterAll(async () => {
  vi.unstubAllEnvs()
  await fake.close()
})

async function cookieOf(viewer: Viewer) {
  const { signIn } = await import('@/lib/auth/session-service')
  const { authSettings } = await import('@/lib/auth/settings')
  const settings = authSettings()
  if (settings.mode !== 'oidc') throw new Error('sign-in should be on')
  return `verity_session=${await signIn(viewer, settings, { access: 'access-token' })}`
}

function post(path: string, cookie: string, body: unknown) {
  return new NextRequest(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

async function examPack(viewer: Viewer, query: string) {
  const { GET } = await import('@/app/api/exam-pack/route')
  return GET(
    new NextRequest(`${ORIGIN}/api/exam-pack?${query}`, {
      headers: { cookie: await cookieOf(viewer) },
    }),
  )
}

async function refusals(sub: string) {
  const { getStore } = await import('@/lib/store/store')
  const { db } = await getStore()
  return db
    .selectFrom('audit_events')
    .select(['action', 'resource_id', 'outcome', 'field'])
    .where('analyst_id', '=', `https://idp.test ${sub}`)
    .where('outcome', '=', 'denied')
    .orderBy('id')
    .execute()
}

describe('the auditor', () => {
  it('is refused every change with 403 before its handler runs, and each refusal is audited', async () => {
    const cookie = await cookieOf(auditor)
    const calls = [
      {
        path: '/api/cases/1',
        route: () => import('@/app/api/cases/[id]/route'),
        body: { action: 'claim' },
        params: { id: '1' },
      },
      { path: '/api/reveal', route: () => import('@/app/api/reveal/route'), body: {} },
      { path: '/api/notes', route: () => import('@/app/api/notes/route'), body: {} },
      {
        path: '/api/cases/take-next',
        route: () => import('@/app/api/cases/take-next/route'),
        body: {},
      },
    ]
    for (const call of calls) {
      const { POST } = await call.route()
      const response = await POST(post(call.path, cookie, call.body), {
        params: Promise.resolve(call.params ?? {}),
      })
      expect(response.status, call.path).toBe(403)
      expect(((await response.json()) as { type: string }).type).toBe('about:blank#read_only')
    }
    expect(await refusals('aud')).toEqual(
      calls.map((call) => ({
        action: 'change',
        resource_id: call.path,
        outcome: 'denied',
        field: 'POST',
      })),
    )
  })

  it('makes a masked exam pack, and is refused one of unmasked data', async () => {
    const masked = await examPack(auditor, 'from=2026-01-01&to=2026-12-31')
    expect(masked.status).toBe(200)
    expect(masked.headers.get('content-type')).toBe('application/zip')
    const bytes = new Uint8Array(await masked.arrayBuffer())
    expect(String.fromCharCode(bytes[0]!, bytes[1]!)).toBe('PK')
    const unmasked = await examPack(auditor, 'from=2026-01-01&to=2026-12-31&data=unmasked')
    expect(unmasked.status).toBe(403)
    expect(((await unmasked.json()) as { type: string }).type).toBe('about:blank#masked_only')
  })

  it('refuses a pack to an analyst, a bad period by its field, and lets a lead unmask', async () => {
    expect((await examPack(analyst, 'from=2026-01-01&to=2026-02-01')).status).toBe(403)
    const backwards = await examPack(lead, 'from=2026-03-01&to=2026-02-01')
    expect(backwards.status).toBe(400)
    expect(((await backwards.json()) as { detail: string }).detail).toMatch(
      /to must be on or after from/,
    )
    const unmasked = await examPack(lead, 'from=2026-01-01&to=2026-12-31&data=unmasked')
    expect(unmasked.status).toBe(200)
    await unmasked.arrayBuffer()
  })
})
