import { request as httpRequest } from 'node:http'
import { gunzipSync } from 'node:zlib'

import { expect, test } from '@playwright/test'

import { exampleIds } from '@/lib/demo/example-ids'

/*
 * Route handlers' answers are compressed like pages (lib/route-compression.ts): Next.js 16.4 sent
 * every one of them uncompressed, a 1,000-match report's JSON included.
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

test('a small answer and an error answer keep their types and bodies', async ({ baseURL }) => {
  // As a page's HTML: the body is streamed, so its size is not known when the headers go out.
  const body = (answer: Answer) =>
    JSON.parse(
      (answer.headers['content-encoding'] === 'gzip'
        ? gunzipSync(answer.bytes)
        : answer.bytes
      ).toString('utf8'),
    ) as unknown
  const ping = await get(baseURL!, '/api/ping', 'gzip')
  expect(ping.headers['content-type']).toBe('application/json')
  expect(body(ping)).toEqual({ status: 'ok' })
  const bad = await get(baseURL!, '/api/profiles/not-a-uuid', 'gzip')
  expect(bad.status).toBe(400)
  expect(bad.headers['content-type']).toBe('application/problem+json')
  expect((body(bad) as { type: string }).type).toBe('about:blank#bad_parameter')
})
