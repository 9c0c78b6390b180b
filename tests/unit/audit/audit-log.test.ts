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
  it('answers once its row is committed and printed, then the sequencer seals it', async () => {
    const { audit } = await import('@/lib/audit/record')
    const { sealAppTrail } = await import('@/lib/audit/app-trail')
    const { getStore } = await import('@/lib/store/store')
    const { db } = await getStore()
    const view = await audit(viewer, 'view', resource, 'ok')
    const reveal = await audit(viewer, 'reveal', resource, 'ok', 'date_of_birth')
    // Committed when the call answers, sealed or not yet.
    expect(
      await db
        .selectFrom('audit_events')
        .selectAll()
        .where('id', '=', reveal.id)
        .executeTakeFirst(),
    ).toMatchObject({
      user_label: 'ana@example.com',
      action: 'reveal',
      resource_type: 'verification',
      resource_id: 'VF57124F182867E0',
      field: 'date_of_birth',
      writer: reveal.writer,
      writer_seq: view.writerSeq + 1,
    })
    await sealAppTrail()
    const rows = await db
      .selectFrom('audit_events')
      .select(['id', 'seq', 'prev_hash', 'hash'])
      .where('id', 'in', [view.id, reveal.id])
      .orderBy('seq')
      .execute()
    expect(rows.map((row) => row.id)).toEqual([view.id, reveal.id])
    expect(rows[1]).toMatchObject({ seq: rows[0]!.seq! + 1, prev_hash: rows[0]!.hash })
    // Each printed as it was committed, for log shippers: the same records, with their writer's
    // numbers, so a row missing from the store would show against the shipped copy.
    const printed = stdout.mock.calls.flatMap((call) =>
      String(call[0])
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    )
    expect(printed).toEqual([
      { log: 'audit', ...view },
      { log: 'audit', ...reveal },
    ])
  })

  it('writes events that arrive together as one unbroken chain', async () => {
    const { audit } = await import('@/lib/audit/record')
    const { appTrail, sealAppTrail } = await import('@/lib/audit/app-trail')
    const { verifyStoredTrail } = await import('@/lib/audit/trail')
    const { getStore } = await import('@/lib/store/store')
    const records = await Promise.all(
      Array.from({ length: 50 }, () => audit(viewer, 'view', resource, 'ok')),
    )
    expect(new Set(records.map((record) => record.id)).size).toBe(50)
    await sealAppTrail()
    const { db } = await getStore()
    const seqs = (
      await db
        .selectFrom('audit_events')
        .select('seq')
        .where(
          'id',
          'in',
          records.map((record) => record.id),
        )
        .execute()
    ).map((row) => row.seq!)
    expect(new Set(seqs).size).toBe(50)
    expect(Math.max(...seqs) - Math.min(...seqs)).toBe(49)
    expect(await verifyStoredTrail(db, (await appTrail()).key)).toMatchObject({ ok: true })
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

  it('turns /api/health degraded, saying why, while a row waits unsealed past 10× AUDIT_SEAL_MS', async () => {
    const { audit } = await import('@/lib/audit/record')
    const { sealAppTrail } = await import('@/lib/audit/app-trail')
    const { getStore } = await import('@/lib/store/store')
    const { GET } = await import('@/app/api/health/route')
    const { db } = await getStore()
    const { sql } = await import('kysely')
    const health = async () => {
      delete (globalThis as Record<symbol, unknown>)[Symbol.for('verity.audit-seal-health')]
      return (await (await GET()).json()) as { status: string; audit: Record<string, unknown> }
    }
    await audit(viewer, 'view', resource, 'ok')
    await sealAppTrail()
    expect(await health()).toMatchObject({ audit: { degraded: false, count: 0 } })
    // A row put in by hand two seconds ago, without the key: the sequencer will not seal it.
    await sql`insert into audit_events (at, user_label, action, resource_type, resource_id,
      request_id, outcome, writer, writer_seq, append_mac) values (now() - interval '2 seconds',
      'x', 'view', 'profile', 'p', 'r', 'ok', 'forger', 1, ${'0'.repeat(64)})`.execute(db)
    await sealAppTrail()
    const body = await health()
    expect(body).toMatchObject({
      status: 'degraded',
      audit: { degraded: true, count: 1, alarmSeconds: 1 },
    })
    expect(body.audit.reason).toMatch(
      /^1 audit row not sealed into the chain, the oldest for 2\.\d s/,
    )
  })
})
