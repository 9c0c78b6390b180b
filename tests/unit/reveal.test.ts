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

async function loadRoutes() {
  return {
    verification: await import('@/app/api/verifications/short/[short_id]/route'),
    reveal: await import('@/app/api/reveal/route'),
    exports: await import('@/app/api/exports/aml/route'),
  }
}

beforeAll(async () => {
  fake = await startFakeUpstream()
  stubEnv({ DS_API_BASE_URL: fake.url, DS_API_KEY: 'k', REVEAL_LIMIT_PER_MINUTE: '3' })
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

  it('refuses a reference to a field the projection did not mask, and audits the refusal', async () => {
    const forged = Buffer.from(
      JSON.stringify(['verification', SHORT_ID, ['applicant_id'], null, null]),
    ).toString('base64url')
    const response = await routes.reveal.POST(post('/api/reveal', { ref: forged }))
    expect(response.status).toBe(404)
    expect(JSON.stringify(await response.json())).not.toContain(verification.applicant_id)
    expect(auditLines().at(-1)).toMatchObject({ action: 'reveal', outcome: 'not_masked' })
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
})
