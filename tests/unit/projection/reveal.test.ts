import { NextRequest } from 'next/server'
import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from 'vitest'

import { parseToken } from '@/lib/projection/masked-token'
import { stubEnv } from '@/tests/unit/helpers/env'
import { json, startFakeUpstream, type FakeUpstream } from '@/tests/unit/helpers/fake-upstream'
import { withAppStore } from '@/tests/unit/helpers/test-store'
import { SEARCH_ID, SHORT_ID, verification } from '@/tests/unit/helpers/upstream-fixtures'

const DOC = 'X173836882'
const EMAIL = 'nguyen.8@inbox.example.org'
const withPersonalData = {
  ...verification,
  poi_data: { document_number: DOC, full_name: 'Nguyen Van An' },
  manual_fields: { email: EMAIL },
}
const amlWithPersonalData = {
  requested_name: 'JOHN DOE',
  search_uuid: SEARCH_ID,
  data: [{ uuid: 'm1', type: 'Person', fields: { dates_of_birth: [{ gte: '1961-03-14' }] } }],
}

let fake: FakeUpstream
let stdout: MockInstance<typeof process.stdout.write>
let routes: Awaited<ReturnType<typeof loadRoutes>>

// A store of this file's own: the limiter's buckets start full.
withAppStore()

async function loadRoutes() {
  return {
    verification: await import('@/app/api/verifications/short/[short_id]/route'),
    reveal: await import('@/app/api/reveal/route'),
    exports: await import('@/app/api/exports/aml/route'),
  }
}

beforeAll(async () => {
  fake = await startFakeUpstream()
  stubEnv({
    DS_API_BASE_URL: fake.url,
    DS_API_KEY: 'k',
    REVEAL_LIMIT_PER_MINUTE: '3',
    UNMASKED_EXPORT_LIMIT_PER_HOUR: '2',
  })
  routes = await loadRoutes()
})

afterAll(async () => {
  vi.unstubAllEnvs()
  await fake.close()
})

beforeEach(() => {
  fake.handle(json(withPersonalData))
  stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
  return () => stdout.mockRestore()
})

// As Verity's own pages send it: the API's gate refuses a change from anywhere else.
const post = (path: string, body: unknown) =>
  new NextRequest(`http://localhost${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost' },
    body: JSON.stringify(body),
  })

async function projectedVerification() {
  const response = await routes.verification.GET(
    new NextRequest(`http://localhost/api/verifications/short/${SHORT_ID}`),
    { params: Promise.resolve({ short_id: SHORT_ID }) },
  )
  return (await response.json()) as typeof withPersonalData
}

function auditLines(): Record<string, unknown>[] {
  return stdout.mock.calls
    .map(([chunk]) => String(chunk))
    .filter((line) => line.includes('"log":"audit"'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}

describe('POST /api/reveal', () => {
  it('answers the one value a token stands for, after writing its audit line', async () => {
    const view = await projectedVerification()
    expect(JSON.stringify(view)).not.toContain(DOC)
    const token = parseToken(view.poi_data.document_number)
    const response = await routes.reveal.POST(post('/api/reveal', { ref: token?.ref }))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ value: DOC, kind: 'document_number' })
    expect(auditLines().at(-1)).toMatchObject({
      action: 'reveal',
      resource: { type: 'verification', id: SHORT_ID },
      field: 'poi_data.document_number',
      outcome: 'ok',
    })
  })

  it('refuses a reference made by hand, saying so, and audits the refusal', async () => {
    const byHand = Buffer.from(
      JSON.stringify(['verification', SHORT_ID, ['poi_data', 'document_number'], null, null]),
    ).toString('base64url')
    const view = await projectedVerification()
    const [, tag] = parseToken(view.manual_fields.email)?.ref.split('.') ?? []
    for (const ref of [`${byHand}.${tag}`, `${byHand}.AAAAAAAAAAAAAAAAAAAAAA`]) {
      const response = await routes.reveal.POST(post('/api/reveal', { ref }))
      expect(response.status).toBe(403)
      expect(JSON.stringify(await response.json())).not.toContain(DOC)
      expect(auditLines().at(-1)).toMatchObject({
        action: 'reveal',
        resource: { type: 'verification', id: SHORT_ID },
        field: 'poi_data.document_number',
        outcome: 'forged_reference',
      })
    }
  })

  it('refuses a reference signed for another analyst or another session', async () => {
    const { refKeyOf } = await import('@/lib/projection/ref-key')
    const { encodeRef } = await import('@/lib/projection/record-ref')
    const { ANONYMOUS } = await import('@/lib/auth/session')
    const record = { type: 'verification', id: SHORT_ID } as const
    const path = ['poi_data', 'document_number']
    const mine = encodeRef(record, path, refKeyOf(ANONYMOUS))
    expect((await routes.reveal.POST(post('/api/reveal', { ref: mine }))).status).toBe(200)
    for (const viewer of [
      { ...ANONYMOUS, sub: 'another-analyst' },
      { ...ANONYMOUS, session: 'another-session' },
    ]) {
      const theirs = encodeRef(record, path, refKeyOf(viewer))
      const response = await routes.reveal.POST(post('/api/reveal', { ref: theirs }))
      expect(response.status).toBe(403)
      expect(JSON.stringify(await response.json())).not.toContain(DOC)
      expect(auditLines().at(-1)).toMatchObject({ outcome: 'forged_reference' })
    }
  })

  it('refuses a control character in a path with 400, audited, before reading anything', async () => {
    const { refKeyOf } = await import('@/lib/projection/ref-key')
    const { encodeRef } = await import('@/lib/projection/record-ref')
    const { ANONYMOUS } = await import('@/lib/auth/session')
    const reads = fake.requests.length
    const ref = encodeRef(
      { type: 'verification', id: SHORT_ID },
      ['poi_data\u0000', 'document_number'],
      refKeyOf(ANONYMOUS),
    )
    const response = await routes.reveal.POST(post('/api/reveal', { ref }))
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toContain('application/problem+json')
    expect(fake.requests.length).toBe(reads)
    expect(auditLines().at(-1)).toMatchObject({ action: 'reveal', outcome: 'bad_reference' })
  })

  it('answers 400 for a reference that is not one', async () => {
    const response = await routes.reveal.POST(post('/api/reveal', { ref: 'nonsense' }))
    expect(response.status).toBe(400)
  })

  it('limits reveals per analyst and says when to try again', async () => {
    const view = await projectedVerification()
    const ref = parseToken(view.manual_fields.email)?.ref
    const statuses: number[] = []
    let last: Response | undefined
    for (let i = 0; i < 4; i++) {
      last = await routes.reveal.POST(post('/api/reveal', { ref }))
      statuses.push(last.status)
    }
    expect(statuses).toContain(429)
    expect(last?.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(((await last?.json()) as { detail: string }).detail).toMatch(/try again in \d+ s/)
  })
})

describe('POST /api/exports/aml', () => {
  beforeEach(() => fake.handle(json(amlWithPersonalData)))

  it('exports the masked report by default, audited', async () => {
    const response = await routes.exports.POST(
      post('/api/exports/aml', { searchId: SEARCH_ID, format: 'json' }),
    )
    const text = JSON.stringify(await response.json())
    expect(text).not.toContain('1961-03-14')
    expect(text).toContain('••••-••-••')
    expect(auditLines().at(-1)).toMatchObject({ action: 'export', field: 'json', outcome: 'ok' })
  })

  it('refuses an unmasked export without a reason', async () => {
    const response = await routes.exports.POST(
      post('/api/exports/aml', { searchId: SEARCH_ID, format: 'json', unmasked: true }),
    )
    expect(response.status).toBe(400)
    expect(auditLines()).toHaveLength(0)
  })

  it('exports unmasked with a reason, which its audit line keeps', async () => {
    const reason = 'Regulator request REF-2291'
    const response = await routes.exports.POST(
      post('/api/exports/aml', { searchId: SEARCH_ID, format: 'json', unmasked: true, reason }),
    )
    expect(JSON.stringify(await response.json())).toContain('1961-03-14')
    expect(auditLines().at(-1)).toMatchObject({ action: 'export', field: 'json-unmasked', reason })
  })

  it.each([
    ['ten zero-width spaces', '\u200b'.repeat(10)],
    ['a right-to-left override', 'Regulator request \u202eFER-2291'],
    ['blank letters', 'ok' + '\u3164'.repeat(12)],
  ])(
    'refuses an unmasked export whose reason is %s, before reading or auditing',
    async (_case, reason) => {
      const reads = fake.requests.length
      const response = await routes.exports.POST(
        post('/api/exports/aml', { searchId: SEARCH_ID, format: 'json', unmasked: true, reason }),
      )
      expect(response.status).toBe(400)
      expect(fake.requests).toHaveLength(reads)
      expect(auditLines()).toHaveLength(0)
    },
  )

  it('limits unmasked exports per analyst with the reveals’ limiter: 429, Retry-After, audited', async () => {
    const reason = 'Regulator request REF-2291'
    const statuses: number[] = []
    let last: Response | undefined
    for (let i = 0; i < 3; i++) {
      last = await routes.exports.POST(
        post('/api/exports/aml', { searchId: SEARCH_ID, format: 'json', unmasked: true, reason }),
      )
      statuses.push(last.status)
    }
    // One unmasked export came before (2 an hour).
    expect(statuses).toEqual([200, 429, 429])
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(last?.headers.get('content-type')).toContain('application/problem+json')
    expect(((await last?.json()) as { detail: string }).detail).toMatch(
      /Every one is recorded; try again in \d+ minutes/,
    )
    expect(auditLines().at(-1)).toMatchObject({
      action: 'export',
      field: 'json-unmasked',
      outcome: 'rate_limited',
    })
    // A masked export is not limited.
    const masked = await routes.exports.POST(
      post('/api/exports/aml', { searchId: SEARCH_ID, format: 'json' }),
    )
    expect(masked.status).toBe(200)
  })
})
