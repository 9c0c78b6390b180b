import { describe, expect, it } from 'vitest'

import {
  canonicalJson,
  chain,
  GENESIS_HASH,
  lastHash,
  verifyLog,
  type AuditEntry,
} from '@/lib/audit/chain'

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

function logOf(count: number) {
  let prev = GENESIS_HASH
  const lines: string[] = []
  for (let n = 1; n <= count; n++) {
    const record = chain(prev, entry(n))
    lines.push(JSON.stringify(record))
    prev = record.hash
  }
  return lines
}

describe('audit chain', () => {
  it('links every line to the one before', () => {
    const [first, second] = logOf(2).map(
      (line) => JSON.parse(line) as { prevHash: string; hash: string },
    )
    expect(first?.prevHash).toBe(GENESIS_HASH)
    expect(second?.prevHash).toBe(first?.hash)
    expect(first?.hash).toMatch(/^[0-9a-f]{64}$/)
  })

  it('hashes the same content the same way whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: { d: 2, c: [3] } })).toBe('{"a":{"c":[3],"d":2},"b":1}')
  })

  it('verifies an intact log', () => {
    expect(verifyLog(`${logOf(5).join('\n')}\n`)).toEqual({ ok: true, lines: 5 })
  })

  it('finds an edited line', () => {
    const lines = logOf(5)
    lines[2] = lines[2]!.replace('ana@example.com', 'bob@example.com')
    expect(verifyLog(lines.join('\n'))).toMatchObject({ ok: false, line: 3 })
  })

  it('finds a removed line', () => {
    const lines = logOf(5)
    lines.splice(1, 1)
    expect(verifyLog(lines.join('\n'))).toMatchObject({ ok: false, line: 2 })
  })

  it('finds a removed first line and a line that is not JSON', () => {
    expect(verifyLog(logOf(3).slice(1).join('\n'))).toMatchObject({ ok: false, line: 1 })
    const lines = logOf(3)
    lines[1] = 'garbage'
    expect(verifyLog(lines.join('\n'))).toEqual({ ok: false, line: 2, reason: 'not JSON' })
  })

  it('continues from the last hash of an existing log', () => {
    const lines = logOf(3)
    expect(lastHash(`${lines.join('\n')}\n`)).toBe((JSON.parse(lines[2]!) as { hash: string }).hash)
    expect(lastHash('')).toBe(GENESIS_HASH)
  })
})
