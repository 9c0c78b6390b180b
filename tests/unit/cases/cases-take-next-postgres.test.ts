import { randomUUID } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type * as ActionsModule from '@/lib/cases/actions'
import type * as AutoAssignModule from '@/lib/cases/auto-assign'
import type * as TakeNextModule from '@/lib/cases/take-next'
import type * as CreateModule from '@/lib/cases/create'
import type { Viewer } from '@/lib/auth/viewer'
import type * as OpenModule from '@/lib/store/open'
import type { Store } from '@/lib/store/open'
import { postgresBin, startPostgres, type Postgres } from '@/tools/harness/postgres'
import { stubEnv } from '@/tests/unit/helpers/env'
import { withAppStore } from '@/tests/unit/helpers/test-store'

/*
 * Take next and claim across two instances: two stores (each its own connection pool, as two
 * servers have) on one PostgreSQL server that this file makes with initdb. The audit trail goes
 * to the app's embedded test store, which is not what is under test here.
 */

const analyst = (n: number): Viewer => ({
  iss: 'https://idp.test',
  sub: `analyst-${n}`,
  email: `analyst-${n}@verity.test`,
  name: null,
  groups: [],
})

withAppStore()

let postgres: Postgres | undefined
let instances: Store[] = []
let modules: {
  create: typeof CreateModule
  actions: typeof ActionsModule
  takeNext: typeof TakeNextModule
  autoAssign: typeof AutoAssignModule
  open: typeof OpenModule
}

describe.skipIf(!postgresBin())('cases on two instances of one PostgreSQL server', () => {
  beforeAll(async () => {
    stubEnv({
      DS_API_BASE_URL: 'http://127.0.0.1:9',
      DS_API_KEY: 'k',
      CASE_AUTO_ASSIGN: 'on',
      CASE_AUTO_ASSIGN_MAX: '3',
    })
    modules = {
      create: await import('@/lib/cases/create'),
      actions: await import('@/lib/cases/actions'),
      takeNext: await import('@/lib/cases/take-next'),
      autoAssign: await import('@/lib/cases/auto-assign'),
      open: await import('@/lib/store/open'),
    }
    postgres = await startPostgres()
    const config = { databaseUrl: postgres.url, dataDir: '' }
    instances = await Promise.all([modules.open.openStore(config), modules.open.openStore(config)])
    const now = new Date()
    const [first] = instances
    await first!.db
      .insertInto('history_records')
      .values(
        Array.from({ length: 50 }, (_, index) => ({
          id: randomUUID(),
          event_type: 'AML_SCREENING',
          search_uuid: randomUUID(),
          risk: index % 2 ? 'High' : 'Medium',
          match_count: 1,
          at: now,
          payload_state: 'ok' as const,
          error_codes: [],
          first_seen_at: now,
          updated_at: now,
        })),
      )
      .execute()
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    // Both instances make cases from the same records at once: 50 cases, not 100.
    const made = await Promise.all(
      instances.map((instance) => modules.create.createCasesForNewRecords(instance.db)),
    )
    expect(made.flat()).toHaveLength(50)
  }, 120_000)

  afterAll(async () => {
    for (const instance of instances) await instance.close()
    postgres?.stop()
    vi.restoreAllMocks()
    vi.unstubAllEnvs()
  })

  it('hands 50 simultaneous Take next requests 50 different cases, then refuses', async () => {
    const taken = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        modules.takeNext.takeNext(instances[index % 2]!.db, analyst(index)),
      ),
    )
    const ids = taken.map((kase) => kase.id)
    expect(new Set(ids).size).toBe(50)
    expect(new Set(taken.map((kase) => kase.ownerId)).size).toBe(50)
    const rows = await instances[0]!.db
      .selectFrom('cases')
      .select(['id', 'owner_id'])
      .where('owner_id', 'is not', null)
      .execute()
    expect(rows).toHaveLength(50)
    await expect(modules.takeNext.takeNext(instances[1]!.db, analyst(99))).rejects.toMatchObject({
      status: 409,
    })
  })

  it('lets one of two claims on two instances win and tells the other who has it', async () => {
    const [kase] = await instances[0]!.db
      .selectFrom('cases')
      .select('id')
      .orderBy('id')
      .limit(1)
      .execute()
    await instances[0]!.db
      .updateTable('cases')
      .set({ owner_id: null, owner_label: null })
      .where('id', '=', kase!.id)
      .execute()
    const results = await Promise.allSettled(
      [0, 1].map((n) =>
        modules.actions.actOnCase(instances[n]!.db, analyst(100 + n), kase!.id, {
          action: 'claim',
        }),
      ),
    )
    const won = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
    const lost = results.flatMap((result) =>
      result.status === 'rejected' ? [result.reason as unknown] : [],
    )
    expect(won).toHaveLength(1)
    expect(lost).toEqual([
      expect.objectContaining({
        status: 409,
        detail: `${won[0]!.ownerLabel} has already claimed this case.`,
      }),
    ])
  })

  it('assigns each new case once when two instances assign the same cases at once', async () => {
    const now = new Date()
    const ids = Array.from({ length: 10 }, () => randomUUID())
    const db = instances[0]!.db
    await db
      .insertInto('history_records')
      .values(
        ids.map((id) => ({
          id,
          event_type: 'AML_SCREENING',
          search_uuid: randomUUID(),
          risk: 'High',
          match_count: 1,
          at: now,
          payload_state: 'ok' as const,
          error_codes: [],
          first_seen_at: now,
          updated_at: now,
        })),
      )
      .execute()
    // Nobody has signed in yet: the cases are made unassigned.
    const made = await modules.create.createCasesForNewRecords(db, ids)
    expect(made).toHaveLength(10)
    await db
      .insertInto('sessions')
      .values(
        [1, 2].map((n) => ({
          id: randomUUID(),
          user_label: `analyst-${200 + n}@verity.test`,
          analyst_id: `https://idp.test analyst-${200 + n}`,
          viewer: JSON.stringify({ iss: 'https://idp.test', sub: `analyst-${200 + n}` }),
          created_at: now,
          last_seen_at: now,
          expires_at: new Date(now.getTime() + 3_600_000),
          checked_at: now,
        })),
      )
      .execute()
    const assigned = await Promise.all(
      instances.map((instance) => modules.autoAssign.autoAssign(instance.db, made)),
    )
    // Three each, the most allowed: six cases assigned once between the two instances.
    expect(
      assigned
        .flat()
        .map((row) => row.caseId)
        .sort(),
    ).toHaveLength(6)
    expect(new Set(assigned.flat().map((row) => row.caseId)).size).toBe(6)
    const events = await db
      .selectFrom('case_events')
      .select('case_id')
      .where('case_id', 'in', made)
      .where('kind', '=', 'assigned')
      .execute()
    expect(events).toHaveLength(6)
    const owners = await db
      .selectFrom('cases')
      .select(['owner_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('id', 'in', made)
      .groupBy('owner_id')
      .orderBy('owner_id')
      .execute()
    expect(owners.map((row) => [row.owner_id, Number(row.n)])).toEqual([
      ['https://idp.test analyst-201', 3],
      ['https://idp.test analyst-202', 3],
      [null, 4],
    ])
  })
})
