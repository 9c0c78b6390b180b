import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { stubEnv } from '@/tests/unit/helpers/env'
import { withAppStore } from '@/tests/unit/helpers/test-store'

/* AUDIT_STDOUT=off (what `npm run demo` sets): rows are committed to the store and printed nowhere. */

withAppStore()

beforeAll(() =>
  stubEnv({ DS_API_BASE_URL: 'http://upstream.test', DS_API_KEY: 'k', AUDIT_STDOUT: 'off' }),
)
afterAll(() => vi.unstubAllEnvs())

describe('the audit trail with AUDIT_STDOUT=off', () => {
  it('commits the row and writes no line to standard output', async () => {
    const written: string[] = []
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      written.push(String(chunk))
      return true
    })
    try {
      const { appTrail } = await import('@/lib/audit/app-trail')
      const { writer } = await appTrail()
      const record = await writer.append({
        time: new Date().toISOString(),
        user: 'ana@example.com',
        action: 'view',
        resource: { type: 'profile', id: 'p-1' },
        requestId: 'r-1',
        outcome: 'ok',
      })
      const { getStore } = await import('@/lib/store/store')
      const { db } = await getStore()
      const { sealAppTrail } = await import('@/lib/audit/app-trail')
      await sealAppTrail()
      const row = await db
        .selectFrom('audit_events')
        .select(['seq', 'resource_id'])
        .where('id', '=', record.id)
        .executeTakeFirst()
      expect(row?.resource_id).toBe('p-1')
      expect(row?.seq).toEqual(expect.any(Number))
      expect(written.filter((line) => line.includes('"log":"audit"'))).toEqual([])
    } finally {
      stdout.mockRestore()
    }
  })
})
