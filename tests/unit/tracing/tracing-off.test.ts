import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { stubEnv } from '@/tests/unit/helpers/env'
import { json, startFakeUpstream, type FakeUpstream } from '@/tests/unit/helpers/fake-upstream'
import { withAppStore } from '@/tests/unit/helpers/test-store'
import { PROFILE_ID, profile } from '@/tests/unit/helpers/upstream-fixtures'

/*
 * Without OTEL_EXPORTER_OTLP_ENDPOINT there is no tracing at all: a read does its work with no
 * tracer registered anywhere in the process (OpenTelemetry's API keeps its registrations under
 * one global), so nothing is made and nothing is sent.
 */

const OTEL_GLOBAL = Symbol.for('opentelemetry.js.api.1')

let fake: FakeUpstream

withAppStore()

beforeAll(async () => {
  fake = await startFakeUpstream()
  stubEnv({ DS_API_BASE_URL: fake.url, DS_API_KEY: 'k' })
})

afterAll(async () => {
  vi.unstubAllEnvs()
  await fake.close()
})

describe('tracing without an endpoint', () => {
  it('registers nothing while a read runs through the timed, audited and stored path', async () => {
    fake.handle(json(profile))
    const reads = await import('@/lib/upstream/reads')
    const { tracingOn } = await import('@/lib/tracing/span')
    await expect(reads.readProfile(PROFILE_ID)).resolves.toMatchObject({ profile_id: PROFILE_ID })
    expect(tracingOn()).toBe(false)
    expect((globalThis as Record<symbol, unknown>)[OTEL_GLOBAL]).toBeUndefined()
  })
})
