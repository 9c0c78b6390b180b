import { describe, expect, it } from 'vitest'

import {
  canonicalJson,
  GENESIS_HASH,
  sealHead,
  sealRecord,
  verifyTrail,
  type AuditEntry,
  type AuditRecord,
} from '@/lib/audit/chain'
import { parseTrailFile } from '@/lib/audit/trail-file'

const key = new Uint8Array(32).fill(7)
const otherKey = new Uint8Array(32).fill(9)

function entry(n: number): AuditEntry {
  return {
    time: `2026-01-01T00:00:0${n}.000Z`,
    user: 'ana@example.com',
    action: n % 2 ? 'view' : 'reveal',
    resource: { type: 'verification', id: `VF0000000000000${n}` },
    requestId: `req-${n}`,
    outcome: 'ok',
  }
}

function trail(count: number, withKey = key) {
  let prev = GENESIS_HASH
  const records: AuditRecord[] = []
  for (let n = 1; n <= count; n++) {
    const record = sealRecord(withKey, n, prev, entry(n))
    records.push(record)
    prev = record.hash
  }
  return { records, head: sealHead(withKey, count, prev) }
}

describe('audit chain', () => {
  it('links every row to the one before, under the key', () => {
    const { records } = trail(2)
    expect(records[0]?.prevHash).toBe(GENESIS_HASH)
    expect(records[1]?.prevHash).toBe(records[0]?.hash)
    expect(records[0]?.hash).toMatch(/^[0-9a-f]{64}$/)
    expect(sealRecord(otherKey, 1, GENESIS_HASH, entry(1)).hash).not.toBe(records[0]?.hash)
  })

  it('hashes the same content the same way whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: { d: 2, c: [3] } })).toBe('{"a":{"c":[3],"d":2},"b":1}')
  })

  it('verifies an intact trail up to its head', async () => {
    const { records, head } = trail(5)
    expect(await verifyTrail(key, records, head)).toMatchObject({ ok: true, rows: 5, head: 5 })
  })

  it('finds an edited row', async () => {
    const { records, head } = trail(5)
    records[2] = { ...records[2]!, user: 'bob@example.com' }
    expect(await verifyTrail(key, records, head)).toMatchObject({
      ok: false,
      seq: 3,
      reason: expect.stringContaining('HMAC') as string,
    })
  })

  it('finds a removed row and a removed first row', async () => {
    const { records, head } = trail(5)
    expect(await verifyTrail(key, records.toSpliced(1, 1), head)).toMatchObject({
      ok: false,
      seq: 2,
      reason: 'row 2 is missing',
    })
    expect(await verifyTrail(key, records.slice(1), head)).toMatchObject({ ok: false, seq: 1 })
  })

  it('finds a chain re-hashed with another key', async () => {
    const forged = trail(5, otherKey)
    expect(await verifyTrail(key, forged.records, forged.head)).toMatchObject({ ok: false, seq: 1 })
  })

  it('finds a cut-off tail against the head, and a head moved back without the key', async () => {
    const { records, head } = trail(5)
    expect(await verifyTrail(key, records.slice(0, 3), head)).toMatchObject({
      ok: false,
      seq: 4,
      reason: expect.stringContaining('cut off') as string,
    })
    const movedBack = { ...sealHead(otherKey, 3, records[2]!.hash) }
    expect(await verifyTrail(key, records.slice(0, 3), movedBack)).toMatchObject({
      ok: false,
      seq: 3,
      reason: 'the head record does not match its HMAC',
    })
    const reset = { seq: 0, hash: GENESIS_HASH, mac: '' }
    expect(await verifyTrail(key, records.slice(0, 3), reset)).toMatchObject({ ok: false })
    expect(await verifyTrail(key, [], reset)).toMatchObject({ ok: true, rows: 0 })
  })

  it('continues after a row already verified', async () => {
    const { records, head } = trail(5)
    const from = { seq: 2, hash: records[1]!.hash }
    expect(await verifyTrail(key, records.slice(2), head, from)).toMatchObject({
      ok: true,
      rows: 5,
    })
    expect(await verifyTrail(key, records.slice(3), head, from)).toMatchObject({
      ok: false,
      seq: 3,
    })
  })
})

describe('an exported trail file', () => {
  const { records, head } = trail(3)
  const text = [...records, { log: 'audit-head', ...head }]
    .map((line) => JSON.stringify(line))
    .join('\n')

  it('reads the rows and the head record that closes them', () => {
    expect(parseTrailFile(`${text}\n`)).toMatchObject({ ok: true, records, head })
  })

  it('names a line that is not JSON or not a row', () => {
    expect(parseTrailFile(`${text.replace('{"log":"audit"', 'garbage{')}`)).toMatchObject({
      ok: false,
      line: 1,
      reason: 'not JSON',
    })
    expect(parseTrailFile('{"level":"warn"}')).toMatchObject({
      ok: false,
      reason: 'not an audit row',
    })
  })
})
