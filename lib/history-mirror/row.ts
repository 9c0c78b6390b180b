import 'server-only'

import { subjectParam } from '@/lib/review/subject'

/** The columns of a mirrored record that every list of them shows. */
export type MirrorRowColumns = {
  id: string
  at: Date | null
  event_type: string | null
  requested_name: string | null
  risk: string | null
  match_count: number | null
  search_uuid: string | null
  short_id: string | null
  status: string | null
  external_id: string | null
}

/** A mirrored record as the applicant page and search list it (each adds its own fields). */
export type MirrorRowView = {
  recordId: string
  at: string | null
  eventType: string | null
  name: string | null
  risk: string | null
  matches: number | null
  searchUuid: string | null
  /** The report's subject for a screening (lib/review/subject.ts). */
  subject: string | null
  shortId: string | null
  status: string | null
  externalId: string | null
}

export function mirrorRowView(row: MirrorRowColumns): MirrorRowView {
  const screening = row.event_type === 'AML_SCREENING' && row.search_uuid !== null
  return {
    recordId: row.id,
    at: row.at ? new Date(row.at).toISOString() : null,
    eventType: row.event_type,
    name: row.requested_name,
    risk: row.risk,
    matches: row.match_count,
    searchUuid: row.search_uuid,
    subject: screening ? subjectParam({ kind: 'screening', recordId: row.id }) : null,
    shortId: row.short_id,
    status: row.status,
    externalId: row.external_id,
  }
}
