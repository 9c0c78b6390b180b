import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'

import { withAppStore } from '@/tests/unit/helpers/test-store'

/*
 * audit(): one committed row in the store per event, and the same record as one JSON line on
 * standard output for log shippers; never a personal value.
 */

withAppStore()

let stdout: MockInstance<typeof process.stdout.write>

beforeEach(() => {
  vi.stubEnv('DS_API_BASE_URL', 'http://127.0.0.1:4100')
  vi.stubEnv('DS_API_KEY', 'k')
  stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
})

afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

const viewer = {
  iss: 'https://idp.test',
  sub: 'u1',
  email: 'ana@example.com',
  name: 'Ana',
  groups: [],
}
const resource = { type: 'verification', id: 'VF57124F182867E0' }

describe('audit()', () => {
  it('writes one row per event with who, what and which record, and the same line to stdout', async () => {
    const { audit } = await import('@/lib/audit/record')
    const { getStore } = await import('@/lib/store/store')
    const view = await audit(viewer, 'view', resource, 'ok')
    const reveal = await audit(viewer, 'reveal', resource, 'ok', 'date_of_birth')
    expect(reveal).toMatchObject({
      seq: view.seq + 1,
      prevHash: view.hash,
      user: 'ana@example.com',
      action: 'reveal',
      resource,
      field: 'date_of_birth',
      outcome: 'ok',
    })
    const { db } = await getStore()
    const rows = await db.selectFrom('audit_events').selectAll().orderBy('seq').execute()
    expect(rows.at(-1)).toMatchObject({
      seq: reveal.seq,
      user_label: 'ana@example.com',
      action: 'reveal',
      resource_type: 'verification',
      resource_id: 'VF57124F182867E0',
      field: 'date_of_birth',
      hash: reveal.hash,
    })
    const printed = stdout.mock.calls.map((call) => JSON.parse(String(call[0])) as unknown)
    expect(printed).toEqual([view, reveal])
  })

  it('writes events that arrive together as one unbroken chain', async () => {
    const { audit } = await import('@/lib/audit/record')
    const records = await Promise.all(
      Array.from({ length: 50 }, () => audit(viewer, 'view', resource, 'ok')),
    )
    const seqs = records.map((record) => record.seq)
    expect(new Set(seqs).size).toBe(50)
    expect(Math.max(...seqs) - Math.min(...seqs)).toBe(49)
  })

  it('fails when the row cannot be written, so the view it records fails too', async () => {
    const { audit } = await import('@/lib/audit/record')
    const { getStore } = await import('@/lib/store/store')
    const { db } = await getStore()
    const { sql } = await import('kysely')
    await sql`alter table audit_events rename to audit_events_away`.execute(db)
    try {
      await expect(audit(viewer, 'view', resource, 'ok')).rejects.toThrow()
    } finally {
      await sql`alter table audit_events_away rename to audit_events`.execute(db)
    }
    await expect(audit(viewer, 'view', resource, 'ok')).resolves.toMatchObject({ action: 'view' })
  })
})
