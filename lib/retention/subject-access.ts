import 'server-only'

import { createHash } from 'node:crypto'

import { sql, type Kysely } from 'kysely'

import { ProblemError } from '@/lib/api/problem-error'
import { audit } from '@/lib/audit/record'
import { requireViewer } from '@/lib/auth/session'
import { viewerLabel } from '@/lib/auth/viewer'
import { actorOf } from '@/lib/cases/settings'
import type { Database } from '@/lib/store/schema'
import { getStore } from '@/lib/store/store'

import { applicantRetention } from './views'

/*
 * A subject access export (GDPR Art. 15): everything Verity's store holds about one applicant, as
 * one JSON document, unmasked: the mirror's records, the cases made of them and their events, the
 * decisions on their matches, the notes on their reports and verifications, and what retention
 * holds of them. Reports to the authorities are left out, and the document says so: tipping-off
 * rules (AMLD Art. 39) forbid telling the person. The identity data and screening results the
 * provider holds are the provider's to answer for; Verity reads them and keeps only the mirror's
 * facts. Audited with the SHA-256 of the document it answers.
 */

export const SUBJECT_ACCESS_FORMAT = 'verity-subject-access/1'

export async function subjectAccessDocument(db: Kysely<Database>, applicantId: string) {
  const records = await db
    .selectFrom('history_records')
    .selectAll()
    .where('applicant_id', '=', applicantId)
    .orderBy('at', 'asc')
    .orderBy('id', 'asc')
    .execute()
  const searches = [
    ...new Set(records.flatMap((row) => (row.search_uuid ? [row.search_uuid.toLowerCase()] : []))),
  ]
  const shorts = [...new Set(records.flatMap((row) => (row.short_id ? [row.short_id] : [])))]
  const cases = await sql<Record<string, unknown> & { id: number }>`
    select id, kind, resource_type, resource_id, record_id, risk, state, owner_label, due_at,
      outcome, close_reason, created_at, updated_at
    from cases where applicant_id = ${applicantId}
      or (resource_type = 'aml_search' and resource_id = any(${searches}::text[]))
      or (resource_type = 'verification' and resource_id = any(${shorts}::text[]))
    order by id
  `.execute(db)
  const caseIds = cases.rows.map((row) => row.id)
  const [events, decisions, notes, retention] = await Promise.all([
    caseIds.length === 0
      ? []
      : db
          .selectFrom('case_events')
          .select([
            'case_id',
            'kind',
            'user_label',
            'from_state',
            'to_state',
            'outcome',
            'reason',
            'at',
          ])
          .where('case_id', 'in', caseIds)
          .orderBy('id')
          .execute(),
    sql<Record<string, unknown>>`
      select id, search_id, match_uuid, decision, action, reason, user_label, at, carried_from
      from match_decisions
      where applicant_id = ${applicantId} or lower(search_id) = any(${searches}::text[])
      order by id
    `.execute(db),
    sql<Record<string, unknown>>`
      select id, resource_type, resource_id, body, user_label, at from notes
      where (resource_type = 'aml_search' and resource_id = any(${searches}::text[]))
        or (resource_type = 'verification' and resource_id = any(${shorts}::text[]))
      order by id
    `.execute(db),
    applicantRetention(db, applicantId, false),
  ])
  return {
    format: SUBJECT_ACCESS_FORMAT,
    applicantId,
    records: records.map(({ name_key: _nameKey, ...row }) => row),
    cases: cases.rows.map((row) => ({
      ...row,
      events: events.filter((event) => event.case_id === row.id),
    })),
    decisions: decisions.rows,
    notes: notes.rows,
    retention: {
      clock: retention.clock,
      relationship: retention.relationship,
      holds: retention.holds,
      requests: retention.requests,
    },
    reports: {
      included: false,
      why: 'Reports to the financial intelligence unit are not part of this export: tipping-off rules (AMLD Art. 39) forbid disclosing whether one was made.',
    },
    provider:
      'Identity documents, checks and screening results are held by the verification provider; Verity keeps only the facts listed here.',
  }
}

/** The export for a lead, audited with its SHA-256 before it is answered. */
export async function subjectAccessExport(applicantId: string) {
  const viewer = await requireViewer()
  const resource = { type: 'applicant', id: applicantId }
  if (!actorOf(viewer).lead) {
    await audit(viewer, 'export', resource, 'refused', 'subject-access')
    throw new ProblemError(
      403,
      'export_refused',
      'Refused',
      'Only a lead (AUTH_LEAD_GROUPS) exports what Verity holds about a person.',
    )
  }
  const { db } = await getStore()
  const made = { at: new Date().toISOString(), by: viewerLabel(viewer) }
  const document = { ...(await subjectAccessDocument(db, applicantId)), made }
  const text = JSON.stringify(document)
  const hash = createHash('sha256').update(text).digest('hex')
  await audit(viewer, 'export', resource, 'ok', `subject-access sha256=${hash}`)
  return { text, hash }
}
