import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type { NodeSDK } from '@opentelemetry/sdk-node'

import { stubEnv } from '@/tests/unit/helpers/env'
import { json, startFakeUpstream, type FakeUpstream } from '@/tests/unit/helpers/fake-upstream'
import { startOtlpReceiver, type OtlpReceiver } from '@/tests/unit/helpers/otlp-receiver'
import { withAppStore } from '@/tests/unit/helpers/test-store'
import { PROFILE_ID, SEARCH_ID, amlResult, profile } from '@/tests/unit/helpers/upstream-fixtures'

/*
 * Traces (lib/tracing/): with OTEL_EXPORTER_OTLP_ENDPOINT set, a read's work arrives at an OTLP
 * receiver (a real listener, http/json, decoded here) as spans nested as they ran: the
 * Server-Timing parts, the upstream call by its endpoint template, the audit append and the store's
 * statement groups under it. No id, key or value is in a span, nor the URL of a request span.
 */

const KEY = 'tracing-test-key-5b1e'

let receiver: OtlpReceiver
let fake: FakeUpstream
let sdk: NodeSDK

// Before the app's store opens (withAppStore), so that its connections are traced as the
// server's are (instrumentation.ts starts tracing first).
beforeAll(async () => {
  receiver = await startOtlpReceiver()
  fake = await startFakeUpstream()
  stubEnv({
    DS_API_BASE_URL: fake.url,
    DS_API_KEY: KEY,
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_SERVICE_NAME: 'verity-under-test',
  })
  const { startTracing } = await import('@/lib/tracing/start')
  sdk = startTracing()
})

withAppStore()

afterAll(async () => {
  vi.unstubAllEnvs()
  await fake.close()
  await receiver.close()
})

describe('tracing with an OTLP endpoint', () => {
  it('exports a read as nested spans: upstream call, validation, audit append, store', async () => {
    fake.handle(json(profile))
    const reads = await import('@/lib/upstream/reads')
    const { inSpan } = await import('@/lib/tracing/span')
    await inSpan('test request', {}, () => reads.readProfile(PROFILE_ID))
    fake.handle(json(amlResult))
    await reads.readAmlSearch(SEARCH_ID)
    // As Next.js makes its request spans: with the URL asked, which must not leave the process.
    const api = await import('@opentelemetry/api')
    api.trace
      .getTracer('next.js')
      .startSpan('GET /aml/[id]', {
        attributes: {
          'http.target': `/aml/${SEARCH_ID}?q=${amlResult.requested_name}`,
          'http.route': '/aml/[id]',
        },
      })
      .end()
    await sdk.shutdown()

    expect(receiver.exports.length).toBeGreaterThan(0)
    expect(receiver.exports.every((one) => one.path === '/v1/traces')).toBe(true)
    const spans = receiver.spans()
    const root = spans.find((span) => span.name === 'test request')!
    expect(root.service).toBe('verity-under-test')
    const trace = spans.filter((span) => span.traceId === root.traceId)
    const byName = (name: string) => trace.filter((span) => span.name === name)
    const parentOf = (span: { parentSpanId?: string }) =>
      trace.find((one) => one.spanId === span.parentSpanId)?.name

    const call = byName('upstream GET /api/v3/profiles/{profile_id}')
    expect(call).toHaveLength(1)
    expect(call[0]!.attributes['verity.upstream.endpoint']).toBe('/api/v3/profiles/{profile_id}')
    expect(byName('upstream').map(parentOf)).toEqual(['upstream GET /api/v3/profiles/{profile_id}'])
    expect(byName('validation').length).toBe(1)
    expect(byName('audit append').map(parentOf)).toEqual(['audit'])
    const statements = byName('store')
    expect(statements.length).toBeGreaterThan(0)
    expect(
      statements.every((span) => Number(span.attributes['verity.store.statements']) >= 1),
    ).toBe(true)

    const page = spans.find((span) => span.name === 'GET /aml/[id]')!
    expect(page.attributes['http.route']).toBe('/aml/[id]')
    expect(page.attributes).not.toHaveProperty('http.target')

    const everything = receiver.exports.map((one) => one.body.toString('utf8')).join('')
    expect(byName('upstream GET /api/v3/aml/search/history/{search_id}')).toHaveLength(0)
    expect(
      spans.some((span) => span.name === 'upstream GET /api/v3/aml/search/history/{search_id}'),
    ).toBe(true)
    for (const secret of [PROFILE_ID, SEARCH_ID, KEY, amlResult.requested_name]) {
      expect(everything).not.toContain(secret)
    }
  }, 60_000)
})
