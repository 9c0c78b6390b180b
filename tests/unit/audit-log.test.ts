import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { verifyAuditFile } from '@/tests/support/audit-file'
import { stubEnv } from '@/tests/unit/helpers/env'

const chainKey = Symbol.for('verity.audit-chain')

describe('audit log file', () => {
  let file: string
  let stdout: ReturnType<typeof vi.spyOn>

  beforeEach(() => {
    file = join(mkdtempSync(join(tmpdir(), 'verity-audit-')), 'audit.log')
    stubEnv({ DS_API_BASE_URL: 'http://127.0.0.1:4100', DS_API_KEY: 'k', AUDIT_LOG_FILE: file })
    stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    delete (globalThis as Record<symbol, unknown>)[chainKey]
  })

  afterEach(() => {
    rmSync(dirname(file), { recursive: true, force: true })
    vi.unstubAllEnvs()
    vi.restoreAllMocks()
    delete (globalThis as Record<symbol, unknown>)[chainKey]
  })

  async function write(count: number) {
    const { audit } = await import('@/lib/audit/record')
    const viewer = { sub: 'u1', email: 'ana@example.com', name: 'Ana', groups: [] }
    for (let n = 0; n < count; n++) {
      await audit(
        viewer,
        n % 2 ? 'reveal' : 'view',
        { type: 'verification', id: 'VF57124F182867E0' },
        'ok',
        n % 2 ? 'date_of_birth' : undefined,
      )
    }
  }

  it('writes one line per event with who, what and which record, and no value', async () => {
    await write(2)
    const lines = readFileSync(file, 'utf8').trim().split('\n')
    expect(lines).toHaveLength(2)
    const reveal = JSON.parse(lines[1]!) as Record<string, unknown>
    expect(reveal).toMatchObject({
      user: 'ana@example.com',
      action: 'reveal',
      resource: { type: 'verification', id: 'VF57124F182867E0' },
      field: 'date_of_birth',
      outcome: 'ok',
    })
    expect(typeof reveal.requestId).toBe('string')
    expect(stdout).toHaveBeenCalledTimes(2)
  })

  it('continues the file’s chain after a restart, and the verifier accepts it', async () => {
    await write(2)
    delete (globalThis as Record<symbol, unknown>)[chainKey]
    vi.resetModules()
    await write(2)
    const result = verifyAuditFile(file)
    expect(result.stdout).toContain('OK: 4 lines')
    expect(result.status).toBe(0)
  })

  it('makes the verifier name the first edited line and exit 1', async () => {
    await write(3)
    const lines = readFileSync(file, 'utf8').split('\n')
    lines[1] = lines[1]!.replace('"outcome":"ok"', '"outcome":"denied"')
    writeFileSync(file, lines.join('\n'))
    const result = verifyAuditFile(file)
    expect(result.stdout).toContain('BROKEN at line 2')
    expect(result.status).toBe(1)
  })
})
