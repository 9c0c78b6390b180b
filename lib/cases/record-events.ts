import 'server-only'

import type { Kysely } from 'kysely'

import { audit } from '@/lib/audit/record'
import type { Viewer } from '@/lib/auth/viewer'
import { decisionLabels, type Decision } from '@/lib/review/decision-rules'
import type { Database } from '@/lib/store/schema'

import { insertCaseEvent } from './events'
import { caseRowFor } from './read'

/*
 * What happens on a case's record shows in the case's log: a note added to, or a match decision
 * recorded on, the screening or verification the case is about. Called after the note or decision
 * is committed, so it never undoes or fails them: the case's event is audited like every other
 * case event (audit line first, then the event; a failed write is audited as not recorded), and if
 * either cannot be written the note or decision still stands and the miss is logged. A record
 * without a case (a Low-risk screening, a passed verification) has nothing to log.
 */

type Db = Kysely<Database>
type CaseRecord = { type: 'aml_search' | 'verification'; id: string }

async function logOnCase(db: Db, viewer: Viewer, record: CaseRecord, kind: string, says: string) {
  try {
    const row = await caseRowFor(db, record.type, record.id)
    if (!row) return
    const resource = { type: 'case', id: String(row.id) }
    await audit(viewer, 'case', resource, 'ok', kind, says)
    try {
      await insertCaseEvent(
        db,
        viewer,
        { case_id: row.id, kind, from_state: row.state, to_state: row.state, reason: says },
        new Date(),
      )
    } catch (error) {
      await audit(viewer, 'case', resource, 'not_recorded', kind).catch(() => undefined)
      throw error
    }
  } catch (error) {
    console.error(
      JSON.stringify({
        level: 'error',
        msg: 'case event not recorded',
        kind,
        record: `${record.type} ${record.id}`,
        error: error instanceof Error ? error.message : 'unknown',
      }),
    )
  }
}

/** A note was added to the record (its text stays with the note: it may hold personal data). */
export function noteAddedToCase(db: Db, viewer: Viewer, record: CaseRecord, noteId: number) {
  return logOnCase(db, viewer, record, 'note_added', `note ${noteId}`)
}

/** A decision was recorded on a match of the case's AML report (its reason stays with it). */
export function decisionRecordedOnCase(
  db: Db,
  viewer: Viewer,
  decided: { search_id: string; match_uuid: string; decision: Decision; action: string },
) {
  const action = decided.action.replace('_', ' ')
  return logOnCase(
    db,
    viewer,
    { type: 'aml_search', id: decided.search_id },
    'decision_recorded',
    `${decisionLabels[decided.decision]} on match ${decided.match_uuid.slice(0, 8)} (${action})`,
  )
}
