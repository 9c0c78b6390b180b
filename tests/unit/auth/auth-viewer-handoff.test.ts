import { NextRequest } from 'next/server'
import { afterAll, describe, expect, it, vi } from 'vitest'

import { handOffViewer, takeOverViewer, VIEWER_HEADER } from '@/lib/auth/viewer-handoff'

import { stubEnv } from '@/tests/unit/helpers/env'
import { anaViewer as ana } from '@/tests/unit/helpers/auth-settings'

/*
 * proxy.ts hands the viewer it found on to the data layer, which then need not look the session
 * up again; nothing but proxy.ts in this process can make such a statement.
 */

const REQUEST = '3f1c8a52-7d4e-4b6a-9c0d-2e5f7a8b9c10'
const OTHER = '9a1c8a52-7d4e-4b6a-9c0d-2e5f7a8b9c10'

afterAll(() => vi.unstubAllEnvs())

describe('viewer handed on by proxy.ts', () => {
  it('is taken over for the request it was made for', () => {
    expect(takeOverViewer(handOffViewer(ana, REQUEST), REQUEST)).toEqual(ana)
  })

  it('is refused for another request, edited, or made up', () => {
    const value = handOffViewer(ana, REQUEST)
    expect(takeOverViewer(value, OTHER)).toBeNull()
    const [, tag] = value.split('.')
    const admin = Buffer.from(JSON.stringify({ ...ana, sub: 'admin' })).toString('base64url')
    expect(takeOverViewer(`${admin}.${tag}`, REQUEST)).toBeNull()
    expect(takeOverViewer(`${admin}.${'A'.repeat(43)}`, REQUEST)).toBeNull()
    expect(takeOverViewer(admin, REQUEST)).toBeNull()
    expect(takeOverViewer(value, null)).toBeNull()
  })

  it('is never passed on from the client: proxy.ts drops the header', async () => {
    stubEnv({ DS_API_BASE_URL: 'http://127.0.0.1:9', DS_API_KEY: 'k', AUTH_DISABLED: 'true' })
    const { proxy } = await import('@/proxy')
    const response = await proxy(
      new NextRequest('http://verity.test/api/profiles', {
        headers: { [VIEWER_HEADER]: handOffViewer(ana, REQUEST) },
      }),
    )
    expect(response.headers.get(`x-middleware-request-${VIEWER_HEADER}`)).toBeNull()
    expect(response.headers.get('x-middleware-override-headers')?.split(',')).not.toContain(
      VIEWER_HEADER,
    )
  })
})
