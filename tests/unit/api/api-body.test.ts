import { NextRequest } from 'next/server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type * as VerifyRoute from '@/app/api/evidence/verify/route'
import type * as RevealRoute from '@/app/api/reveal/route'
import { stubEnv } from '@/tests/unit/helpers/env'

/*
 * Every JSON body is capped at 64 KB before it is read: an announced length over the cap, or a
 * chunked body that streams past it, is refused with 413 and a problem body; the stream is not
 * read on past the cap.
 */

const KB = 1024
let reveal: typeof RevealRoute
let verify: typeof VerifyRoute

beforeAll(async () => {
  // Sign-in off: the request passes the gate on its origin alone.
  stubEnv({ DS_API_BASE_URL: 'http://127.0.0.1:9', DS_API_KEY: 'k', AUTH_DISABLED: 'true' })
  reveal = await import('@/app/api/reveal/route')
  verify = await import('@/app/api/evidence/verify/route')
})

afterAll(() => {
  vi.unstubAllEnvs()
})

const headers = { 'content-type': 'application/json', origin: 'http://localhost' }

/** A JSON body of exactly `bytes` bytes: a reference far too long for the schema. */
const bodyOf = (bytes: number) => JSON.stringify({ ref: 'x'.repeat(bytes - 10) })

const withLength = (text: string) =>
  new NextRequest('http://localhost/api/reveal', {
    method: 'POST',
    headers: { ...headers, 'content-length': String(Buffer.byteLength(text)) },
    body: text,
  })

/** Streamed in 1 KB chunks with no length, as a chunked upload is; counts what was pulled. */
function chunked(text: string) {
  const bytes = new TextEncoder().encode(text)
  let offset = 0
  const pulled = { bytes: 0 }
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close()
      const chunk = bytes.subarray(offset, offset + KB)
      offset += chunk.length
      pulled.bytes += chunk.length
      controller.enqueue(chunk)
    },
  })
  const request = new NextRequest('http://localhost/api/reveal', {
    method: 'POST',
    headers,
    body: stream,
    duplex: 'half',
  })
  return { request, pulled }
}

async function expectTooLarge(response: Response) {
  expect(response.status).toBe(413)
  expect(response.headers.get('content-type')).toBe('application/problem+json')
  await expect(response.json()).resolves.toMatchObject({
    type: 'about:blank#body_too_large',
    status: 413,
    detail: 'A request body may be at most 64 KB.',
  })
}

describe('request bodies', () => {
  it('refuses a body announced over 64 KB with 413, unread', async () => {
    const request = withLength(bodyOf(65 * KB))
    await expectTooLarge(await reveal.POST(request))
    expect(request.bodyUsed).toBe(false)
  })

  it('refuses a chunked body without a length once it streams past 64 KB', async () => {
    const { request, pulled } = chunked(bodyOf(1024 * KB))
    await expectTooLarge(await reveal.POST(request))
    // Read up to the chunk that passed the cap, and no further.
    expect(pulled.bytes).toBeLessThanOrEqual(66 * KB)
  })

  it('refuses a body whose announced length is a lie, by counting', async () => {
    const text = bodyOf(65 * KB)
    const { request } = chunked(text)
    request.headers.set('content-length', '100')
    await expectTooLarge(await reveal.POST(request))
  })

  it('reads a body up to 64 KB and answers it by its schema', async () => {
    for (const request of [withLength(bodyOf(64 * KB)), chunked(bodyOf(64 * KB)).request]) {
      const response = await reveal.POST(request)
      expect(response.status).toBe(400)
      await expect(response.json()).resolves.toMatchObject({ type: 'about:blank#bad_parameter' })
    }
  })

  it('refuses a chunked 300 MB file upload once it streams past its cap, memory bounded', async () => {
    const MB = 1024 * KB
    const chunk = new Uint8Array(MB).fill(0x25)
    let pulled = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 300 * MB) return controller.close()
        pulled += MB
        controller.enqueue(chunk)
      },
    })
    const request = new NextRequest('http://localhost/api/evidence/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/pdf', origin: 'http://localhost' },
      body: stream,
      duplex: 'half',
    })
    const before = process.memoryUsage().arrayBuffers
    const response = await verify.POST(request)
    expect(response.status).toBe(413)
    await expect(response.json()).resolves.toMatchObject({ type: 'about:blank#too_large' })
    // Read up to the cap (20 MB) and one chunk past it, never the 300 MB.
    expect(pulled).toBeLessThanOrEqual(22 * MB)
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(100 * MB)
  })
})
