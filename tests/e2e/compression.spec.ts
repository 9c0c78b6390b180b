import { request as httpRequest } from 'node:http'
import { gunzipSync } from 'node:zlib'

import { expect, test } from '@playwright/test'

import { exampleIds } from '@/lib/demo/example-ids'
import { signedInReady, signedInUrl } from '@/tests/e2e/support/signed-in'

/*
 * Route handlers' answers are compressed like pages (lib/api/route-compression.ts): Next.js 16.4 sent
 * every one of them uncompressed, a 1,000-match report's JSON included. Answers under the
 * compression's own threshold are not (lib/api/cache-control.ts).
 */

type Answer = {
  status: number
  headers: Record<string, string | string[] | undefined>
  bytes: Buffer
}

/** The answer's bytes as they came over the wire (fetch clients decode them). */
function get(base: string, path: string, encoding: string): Promise<Answer> {
  const { hostname, port } = new URL(base)
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { hostname, port, path, headers: { 'accept-encoding': encoding } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            bytes: Buffer.concat(chunks),
          }),
        )
      },
    )
    req.on('error', reject)
    req.end()
  })
}

test('a large API answer is gzipped for a client that accepts it, and equal to the plain one', async ({
  baseURL,
}) => {
  const path = `/api/aml/search/history/${exampleIds.amlBigId}`
  const plain = await get(baseURL!, path, 'identity')
  expect(plain.status).toBe(200)
  expect(plain.headers['content-encoding']).toBeUndefined()
  const zipped = await get(baseURL!, path, 'gzip, deflate, br')
  expect(zipped.status).toBe(200)
  expect(zipped.headers['content-encoding']).toBe('gzip')
  expect(zipped.headers['vary']).toContain('Accept-Encoding')
  expect(zipped.headers['content-type']).toBe('application/json')
  expect(zipped.headers['cache-control']).toBe('private, no-store')
  // A fifth of the plain answer or less: the report repeats its field names.
  expect(zipped.bytes.length).toBeLessThan(plain.bytes.length / 5)
  const report = JSON.parse(plain.bytes.toString('utf8')) as { data: unknown[] }
  expect(report.data).toHaveLength(1000)
  expect(JSON.parse(gunzipSync(zipped.bytes).toString('utf8'))).toEqual(report)
})

test('an answer under a kilobyte goes out as it is, keeping its type and body', async ({
  baseURL,
}) => {
  // Next.js streams a route's answer, so its compression never saw the size and gzipped these too.
  const ping = await get(baseURL!, '/api/ping', 'gzip')
  expect(ping.headers['content-encoding']).toBeUndefined()
  expect(ping.headers['content-type']).toBe('application/json')
  expect(ping.headers['cache-control']).toBe('private, no-store, no-transform')
  expect(JSON.parse(ping.bytes.toString('utf8'))).toEqual({ status: 'ok' })
  const bad = await get(baseURL!, '/api/profiles/not-a-uuid', 'gzip')
  expect(bad.status).toBe(400)
  expect(bad.headers['content-encoding']).toBeUndefined()
  expect(bad.headers['content-type']).toBe('application/problem+json')
  const problem = JSON.parse(bad.bytes.toString('utf8')) as { type: string }
  expect(problem.type).toBe('about:blank#bad_parameter')
  // The API gate's own answer, on the instance with sign-in on, asked without a session.
  await signedInReady()
  const refused = await get(signedInUrl, '/api/profiles?limit=1', 'gzip')
  expect(refused.status).toBe(401)
  expect(refused.headers['content-encoding']).toBeUndefined()
  expect(JSON.parse(refused.bytes.toString('utf8'))).toMatchObject({
    type: 'about:blank#unauthenticated',
  })
})
