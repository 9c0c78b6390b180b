import 'server-only'

import { sql, type Kysely } from 'kysely'

import { ProblemError } from '@/lib/api/problem-error'
import { reasonDigest } from '@/lib/audit/reason-digest'
import { audit } from '@/lib/audit/record'
import { requireViewer } from '@/lib/auth/session'
import { analystId, viewerLabel } from '@/lib/auth/viewer'
import { actorOf } from '@/lib/cases/settings'
import { getEnv } from '@/lib/env'
import { reasonRefusal } from '@/lib/review/decision-request'
import { SYSTEM_ACTOR } from '@/lib/review/decision-rules'
import type { RevocationRequest } from '@/lib/review/standing/revocation-request'
import type { Database } from '@/lib/store/schema'
import { getStore } from '@/lib/store/store'

/*
 * An applicant's standing false positives: per match, the newest decision after any revocation,
 * when it is a settled false positive. Each lists the person's decision behind it, how often Verity
 * carried it over, when the match last came back changed, and when its carry-over lapses
 * (DECISION_CARRY_DAYS after that person's decision). A lead revokes one, audited first with the
 * SHA-256 of the reason; the revocation names the newest decision, so only a later decision by a
 * person stands again.
 */

export type StandingDecision = {
  matchUuid: string
  /** The match's first name as judged (names are not masked). */
  matchName: string | null
  /** The standing decision (a person's, or Verity's carry-over of it). */
  standingId: number
  decisionId: number
  user: string
  /** ISO 8601, of the person's decision. */
  decidedAt: string
  reason: string
  carriedOver: number
  /** ISO 8601: when the match last came back changed since that decision, or null. */
  lastChanged: string | null
  /** ISO 8601: when it stops carrying over by itself. */
  lapsesAt: string
}

type Row = {
  match_uuid: string
  standing_id: number
  person_id: number
  user_label: string
  at: Date
  reason: string
  judged: { names?: string[] } | null
  carried: number
  last_changed: Date | null
}

export async function standingFalsePositives(
  db: Kysely<Database>,
  applicantId: string,
  carryDays = getEnv().DECISION_CARRY_DAYS,
): Promise<StandingDecision[]> {
  const { rows } = await sql<Row>`
    with standing as (
      select distinct on (d.match_uuid) d.*
      from match_decisions d
      where d.applicant_id = ${applicantId}
        and d.id > coalesce((select max(r.decision_id) from decision_revocations r
          where r.applicant_id = d.applicant_id and r.match_uuid = d.match_uuid), 0)
      order by d.match_uuid, d.id desc
    )
    select s.match_uuid, s.id as standing_id, p.id as person_id, p.user_label, p.at, p.reason,
      p.judged,
      (select count(*)::int from match_decisions c
        where c.carried_from = p.id and c.analyst_id = ${SYSTEM_ACTOR.analystId}) as carried,
      (select max(o.at) from match_reopenings o
        where o.applicant_id = s.applicant_id and o.match_uuid = s.match_uuid
          and o.decision_id = p.id) as last_changed
    from standing s
    join match_decisions p on p.id = case when s.analyst_id = ${SYSTEM_ACTOR.analystId}
      then s.carried_from else s.id end
    where s.decision = 'false_positive' and s.settles
    order by p.at desc, s.match_uuid
  `.execute(db)
  return rows.map((row) => ({
    matchUuid: row.match_uuid,
    matchName: judgedName(row.judged?.names?.[0]),
    standingId: row.standing_id,
    decisionId: row.person_id,
    user: row.user_label,
    decidedAt: row.at.toISOString(),
    reason: row.reason,
    carriedOver: row.carried,
    lastChanged: row.last_changed ? new Date(row.last_changed).toISOString() : null,
    lapsesAt: new Date(row.at.getTime() + carryDays * 86_400_000).toISOString(),
  }))
}

/**
 * A judged name item as a name: the full name of a canonical item (`{"full_name":…}`), else its
 * parts; an item stored before fingerprint versions is `Full Name; first: …`.
 */
function judgedName(item: string | undefined): string | null {
  if (!item) return null
  try {
    const name = JSON.parse(item) as Record<string, unknown>
    const parts = [name.full_name].concat(
      name.full_name ? [] : [name.first_name, name.middle_name, name.last_name],
    )
    return parts.filter((part) => typeof part === 'string' && part).join(' ') || null
  } catch {
    return item.split('; ')[0] ?? null
  }
}

/** The signed-in viewer's applicant page view: the list, and whether they may revoke. */
export async function standingForViewer(applicantId: string) {
  const viewer = await requireViewer()
  await audit(viewer, 'view', { type: 'applicant', id: applicantId }, 'ok', 'standing decisions')
  const { db } = await getStore()
  return {
    standing: await standingFalsePositives(db, applicantId),
    canRevoke: actorOf(viewer).lead,
  }
}

function refused(status: 403 | 409 | 400, detail: string) {
  return new ProblemError(status, 'revocation_refused', 'Revocation refused', detail)
}

/** A lead ends a standing false positive; audited before it is written. */
export async function revokeStanding(input: RevocationRequest) {
  const viewer = await requireViewer()
  const resource = { type: 'applicant', id: input.applicant_id }
  if (!actorOf(viewer).lead) {
    await audit(viewer, 'decide', resource, 'refused', input.matchUuid, 'revoke')
    throw refused(403, 'Only a lead revokes a standing decision.')
  }
  const reason = input.reason.trim()
  const wrong = reasonRefusal(reason)
  if (wrong) throw refused(400, wrong)
  const { db } = await getStore()
  const standing = (await standingFalsePositives(db, input.applicant_id)).find(
    (row) => row.matchUuid === input.matchUuid,
  )
  if (!standing) {
    await audit(viewer, 'decide', resource, 'refused', input.matchUuid, 'revoke')
    throw refused(409, 'No false positive stands for this match: nothing to revoke.')
  }
  await audit(
    viewer,
    'decide',
    resource,
    'ok',
    input.matchUuid,
    `revoke decision ${standing.decisionId} reason ${reasonDigest(reason)}`,
  )
  try {
    await db
      .insertInto('decision_revocations')
      .values({
        applicant_id: input.applicant_id,
        match_uuid: input.matchUuid,
        decision_id: standing.standingId,
        reason,
        user_label: viewerLabel(viewer),
        analyst_id: analystId(viewer),
        at: new Date(),
      })
      .execute()
  } catch (error) {
    await audit(viewer, 'decide', resource, 'not_recorded', input.matchUuid).catch(() => undefined)
    throw error
  }
  return { revoked: standing.decisionId }
}
