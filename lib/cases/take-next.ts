import 'server-only'

import { sql, type Kysely } from 'kysely'

import { ProblemError } from '@/lib/api/problem-error'
import { audit } from '@/lib/audit/record'
import { viewerLabel, type Viewer } from '@/lib/auth/viewer'
import type { Database } from '@/lib/store/schema'

import { writeIfUnchanged } from './actions'
import { insertCaseEvent } from './events'
import { caseName, summaryOf, type NamedCaseRow } from './read'
import { actorOf } from './settings'
import type { CaseSummary } from './types'

/**
 * Gives the viewer the oldest unclaimed active case of the highest priority. `skip locked` makes
 * it atomic across instances: a row one transaction is taking is passed over by the others, so
 * simultaneous requests get different cases. Audited after the write (which case it is is known
 * only then); if the audit line fails, the case is handed back.
 */
export async function takeNext(db: Kysely<Database>, viewer: Viewer): Promise<CaseSummary> {
  const actor = actorOf(viewer)
  const label = viewerLabel(viewer)
  const taken = await db.transaction().execute(async (trx) => {
    const now = new Date()
    const result = await sql<NamedCaseRow>`
      update cases set owner_id = ${actor.id}, owner_label = ${label}, updated_at = ${now},
        version = version + 1
      where id = (
        select id from cases
        where owner_id is null and state <> 'closed'
          and not (state = 'waiting' and snoozed_until > ${now})
        order by priority desc, clock_at, id
        limit 1
        for update skip locked
      )
      returning *, ${caseName} as name`.execute(trx)
    const row = result.rows[0]
    if (!row) return null
    const me = { owner_id: actor.id, owner_label: label }
    await insertCaseEvent(
      trx,
      viewer,
      { case_id: row.id, kind: 'claimed', from_state: row.state, to_state: row.state, ...me },
      now,
    )
    return row
  })
  if (!taken) {
    throw new ProblemError(
      409,
      'no_case_left',
      'No case left',
      'Every active case has an owner: there is nothing to take.',
    )
  }
  try {
    await audit(
      viewer,
      'case',
      { type: 'case', id: String(taken.id) },
      'ok',
      'claimed',
      'took the next case',
    )
  } catch (error) {
    await writeIfUnchanged(db, viewer, taken, {
      kind: 'released',
      set: { owner_id: null, owner_label: null },
      event: {
        ...{ owner_id: actor.id, owner_label: label },
        reason: 'not recorded in the audit trail',
      },
      says: '',
    }).catch(() => undefined)
    throw error
  }
  return summaryOf(taken)
}
