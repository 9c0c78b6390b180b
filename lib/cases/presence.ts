import 'server-only'

import type { Kysely } from 'kysely'

import { audit } from '@/lib/audit/record'
import { analystId, type Viewer } from '@/lib/auth/viewer'
import type { Database } from '@/lib/store/schema'

/*
 * An analyst marks themselves away (holiday, a day of training) and back: automatic assignment
 * passes over an analyst who is away (lib/cases/auto-assign.ts), and leads see it beside their
 * load. Audited first, like a case's change (action `case`, resource the analyst).
 */

type Db = Kysely<Database>

export async function setAway(db: Db, viewer: Viewer, away: boolean): Promise<void> {
  const id = analystId(viewer)
  await audit(viewer, 'case', { type: 'analyst', id }, 'ok', away ? 'away' : 'back')
  const changedAt = new Date()
  await db
    .insertInto('analyst_presence')
    .values({ analyst_id: id, away, changed_at: changedAt })
    .onConflict((conflict) =>
      conflict.column('analyst_id').doUpdateSet({ away, changed_at: changedAt }),
    )
    .execute()
}

export async function isAway(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('analyst_presence')
    .select('away')
    .where('analyst_id', '=', id)
    .executeTakeFirst()
  return row?.away ?? false
}
