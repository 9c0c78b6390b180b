import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { reportFigures } from '@/lib/fiu-reports/analytics'
import { openTestStore } from '@/tests/unit/helpers/test-store'

/* Reports to the FIU on /analytics: drafted, approved and filed per week, and the median days
 * from the decision to the filing (issue #56 item 6). */

let store: Awaited<ReturnType<typeof openTestStore>>

beforeAll(async () => {
  store = await openTestStore()
}, 60_000)
afterAll(() => store?.close())

const at = (iso: string) => new Date(iso)

describe('report figures', () => {
  it('counts each week from Monday and takes the median of days to filing', async () => {
    const { db } = store
    const kase = await db
      .insertInto('cases')
      .values({
        kind: 'screening',
        resource_type: 'aml_search',
        resource_id: 'a0000000-0000-4000-8000-000000000001',
        record_id: 'r1',
        applicant_id: null,
        risk: 'High',
        priority: 3,
        state: 'open',
        due_at: at('2026-11-02T00:00:00Z'),
        created_at: at('2026-11-01T00:00:00Z'),
        updated_at: at('2026-11-01T00:00:00Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const report = (decided: string, filed: string | null) => ({
      case_id: kase.id,
      code: 'STR',
      state: filed ? ('filed' as const) : ('draft' as const),
      drafter_id: 'iss lea',
      drafter_label: 'lea@verity.test',
      fields: '{}',
      decided_at: at(decided),
      due_at: at('2026-12-31T00:00:00Z'),
      filed_at: filed ? at(filed) : null,
      updated_at: at('2026-11-20T00:00:00Z'),
    })
    const rows = await db
      .insertInto('fiu_reports')
      .values([
        report('2026-11-02T00:00:00Z', '2026-11-04T00:00:00Z'),
        report('2026-11-02T00:00:00Z', '2026-11-12T00:00:00Z'),
        report('2026-11-03T00:00:00Z', '2026-11-07T00:00:00Z'),
        report('2026-11-10T00:00:00Z', null),
      ])
      .returning('id')
      .execute()
    const event = (index: number, kind: string, when: string) => ({
      report_id: rows[index]!.id,
      kind,
      analyst_id: 'iss lea',
      user_label: 'lea@verity.test',
      from_state: null,
      to_state: null,
      at: at(when),
    })
    await db
      .insertInto('fiu_report_events')
      .values([
        event(0, 'created', '2026-11-02T10:00:00Z'),
        event(1, 'created', '2026-11-08T23:00:00Z'),
        event(0, 'approve', '2026-11-03T10:00:00Z'),
        event(0, 'file', '2026-11-04T10:00:00Z'),
        event(3, 'created', '2026-11-10T10:00:00Z'),
        event(1, 'return', '2026-11-10T11:00:00Z'),
        // Outside the period.
        event(2, 'created', '2026-10-20T10:00:00Z'),
      ])
      .execute()
    const figures = await reportFigures(db, at('2026-11-01T00:00:00Z'), at('2026-12-01T00:00:00Z'))
    // A week starts on Monday (2 and 9 November); a return is no part of the counts.
    expect(figures.weeks).toEqual([
      { week: '2026-11-02', drafted: 2, approved: 1, filed: 1 },
      { week: '2026-11-09', drafted: 1, approved: 0, filed: 0 },
    ])
    // 2, 10 and 4 days from decision to filing.
    expect(figures).toMatchObject({ filed: 3, medianDaysToFile: 4 })
  })
})
