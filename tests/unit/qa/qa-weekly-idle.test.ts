import { setTimeout as sleep } from 'node:timers/promises'

import type { PgBoss } from 'pg-boss'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { startQueue } from '@/lib/notifications/queue'
import { qaDraws } from '@/lib/qa/draws'
import { lastWeek, startQaDraws } from '@/lib/qa/weekly'
import type { StatementRunner } from '@/lib/store/open'
import { getStore } from '@/lib/store/store'
import { until } from '@/tests/unit/helpers/notifications-fixtures'
import { withAppStore } from '@/tests/unit/helpers/test-store'

/*
 * The weekly QA draw's worker on an idle embedded store (#55): it does not ask the store for jobs
 * every 2 s (pg-boss's default) for a job made once a week; this instance's ask wakes it, so last
 * week's draw is still made at once.
 */

withAppStore()

let boss: PgBoss
let statements = 0

beforeAll(async () => {
  // The draw reads the environment (its rule, the audit trail's key).
  vi.stubEnv('DS_API_BASE_URL', 'http://127.0.0.1:9')
  vi.stubEnv('DS_API_KEY', 'ds-api-key-qa-idle-test')
  const store = await getStore()
  // pg-boss reaches the store only through `query` (lib/notifications/queue.ts): every statement counts.
  const query: StatementRunner = (statement) => {
    statements += 1
    return store.query(statement)
  }
  boss = await startQueue({ ...store, query })
}, 60_000)

afterAll(async () => {
  await boss?.stop({ graceful: false })
  vi.unstubAllEnvs()
})

describe('the weekly QA draw on an idle store', () => {
  it('makes next to no statements while idle, and draws at once when asked', async () => {
    const ask = await startQaDraws(boss)
    await sleep(1_000)
    statements = 0
    await sleep(10_000)
    // Its worker at pg-boss's default made five fetches in these ten seconds.
    expect(statements).toBeLessThanOrEqual(1)

    const { db } = await getStore()
    const week = lastWeek(new Date())
    const asked = Date.now()
    await ask()
    // As the QA page reads them: a weekly draw of last week, drawn by Verity.
    await until('last week drawn', async () =>
      (await qaDraws(db, week)).some((draw) => draw.kind === 'weekly' && draw.from === week.from),
    )
    // Woken, not found by the worker's next look a minute later.
    expect(Date.now() - asked).toBeLessThan(10_000)
  }, 60_000)
})
