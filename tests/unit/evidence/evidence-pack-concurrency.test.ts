import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import type { Viewer } from '@/lib/auth/viewer'
import { stubEnv } from '@/tests/unit/helpers/env'
import { sendJson, startFakeUpstream, type FakeUpstream } from '@/tests/unit/helpers/fake-upstream'
import { withAppStore } from '@/tests/unit/helpers/test-store'

/*
 * Five evidence packs of a 1,000-match report asked for at once: at most
 * EVIDENCE_PACK_CONCURRENCY (2 by default) are made at a time, seen from the upstream as the
 * reports being read at once and from the worker pool as the packs in a worker at once; the
 * others wait and are made, none refused; and the ping route answers while a worker checks,
 * masks or lays out a report, which it could not while that ran on this thread.
 */

const signedIn = vi.hoisted(() => ({ viewer: null as Viewer | null }))
vi.mock('@/lib/auth/session', async () =>
  (await import('@/tests/unit/helpers/session-mock')).sessionMock(signedIn),
)

const SEARCH_ID = '7a0c2a7e-8d44-4b7e-9a52-0d1c2b3a4f5e'
const report = {
  requested_name: 'ANNA KOWALCZYK',
  search_uuid: SEARCH_ID,
  data: Array.from({ length: 1000 }, (_, index) => ({
    uuid: `m-${index}`,
    type: 'Person',
    risk_score: index % 3 === 0 ? 'High' : 'Low',
    search_metadata: { best_match_name: `Match ${index + 1}`, name_match_percentage: 90 },
  })),
}

withAppStore()

let fake: FakeUpstream
const reads = { now: 0, most: 0 }

beforeAll(async () => {
  fake = await startFakeUpstream()
  fake.handle((request, response) => {
    if (!(request.url ?? '').includes(`/aml/search/history/${SEARCH_ID}`)) {
      return sendJson(response, 404, { error: 'not found' })
    }
    reads.now += 1
    reads.most = Math.max(reads.most, reads.now)
    // Slow enough that packs asked for together would overlap here if nothing held them back.
    setTimeout(() => {
      reads.now -= 1
      sendJson(response, 200, report)
    }, 150)
  })
  stubEnv({ DS_API_BASE_URL: fake.url, DS_API_KEY: 'k', EVIDENCE_PACK_LIMIT_PER_HOUR: '50' })
})

afterAll(async () => {
  vi.unstubAllEnvs()
  await fake.close()
})

beforeEach(() => {
  signedIn.viewer = {
    iss: 'https://idp.test',
    sub: 'ana',
    email: 'ana@verity.test',
    name: 'ana',
    groups: [],
  }
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
  return () => stdout.mockRestore()
})

describe('evidence packs made at once', () => {
  it('makes five at most two at a time, refuses none, and pings answer meanwhile', async () => {
    const { makeEvidencePack } = await import('@/lib/evidence/make')
    const { packRequest } = await import('@/lib/evidence/request')
    const ping = (await import('@/app/api/ping/route')).GET
    const { packWorkerLoad } = await import('@/lib/evidence/pack-workers')
    const body = packRequest.parse({ type: 'aml_search', id: SEARCH_ID })

    let packsDone = 0
    const packs = Array.from({ length: 5 }, () =>
      makeEvidencePack(body).then((made) => {
        packsDone += 1
        return made
      }),
    )
    let pingsWhileWorking = 0
    const pinging = (async () => {
      while (packsDone < 5) {
        const response = ping()
        expect(response.status).toBe(200)
        if (packWorkerLoad().working > 0) pingsWhileWorking += 1
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    })()
    const made = await Promise.all(packs)
    await pinging

    expect(new Set(made.map((pack) => pack.seq)).size).toBe(5)
    expect(reads.most).toBe(2)
    expect(packWorkerLoad()).toEqual({ working: 0, inWorker: 0, mostInWorker: 2 })
    expect(pingsWhileWorking).toBeGreaterThan(0)
  }, 120_000)
})
