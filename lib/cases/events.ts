import 'server-only'

import type { Kysely } from 'kysely'

import { viewerLabel, type Viewer } from '@/lib/auth/viewer'
import type { Database } from '@/lib/store/schema'

import { actorOf } from './settings'

/** What one line of a case's log says beyond who wrote it and when. */
export type CaseEventFacts = {
  case_id: number
  kind: string
  from_state: string
  to_state: string
  owner_id?: string | null
  owner_label?: string | null
  outcome?: string | null
  reason?: string | null
  until?: Date | null
}

/** Writes one line of a case's log by `viewer`, in the caller's transaction when it has one. */
export async function insertCaseEvent(
  db: Kysely<Database>,
  viewer: Viewer,
  facts: CaseEventFacts,
  at: Date,
) {
  await db
    .insertInto('case_events')
    .values({
      owner_id: null,
      owner_label: null,
      outcome: null,
      reason: null,
      until: null,
      ...facts,
      analyst_id: actorOf(viewer).id,
      user_label: viewerLabel(viewer),
      at,
    })
    .execute()
}
