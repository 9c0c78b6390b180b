import 'server-only'

import type { Kysely } from 'kysely'

import { ProblemError } from '@/lib/api/problem-error'
import { reasonDigest } from '@/lib/audit/reason-digest'
import { audit } from '@/lib/audit/record'
import { requireViewer } from '@/lib/auth/session'
import { analystId, viewerLabel, type Viewer } from '@/lib/auth/viewer'
import { actorOf } from '@/lib/cases/settings'
import type { Database } from '@/lib/store/schema'
import { getStore } from '@/lib/store/store'

import { addDays, applicantFacts, clockOf, dayOf } from './clock'
import type {
  ErasureRequestBody,
  HoldRequest,
  LiftRequest,
  RelationshipEndRequest,
  WithdrawalRequest,
} from './contract'
import { holdsOf } from './holds'
import { runRetention } from './run'
import { retentionSettings } from './settings'

/*
 * What a lead does about an applicant's retention (docs/retention.md): records the end of the
 * business relationship or withdraws it, places and lifts legal holds, records a person's erasure
 * request. Each is checked on the server, audited first (the reason as its SHA-256, never the
 * text), then written. The deployment's own systems record an end with RETENTION_API_TOKEN
 * (`by: 'token'`), as "Deployment" in the trail.
 */

const RESOURCE = (applicantId: string) => ({ type: 'applicant', id: applicantId })

/** Who records an end through RETENTION_API_TOKEN: the deployment's systems, not an analyst. */
export const DEPLOYMENT_ACTOR: Viewer = {
  iss: 'verity:system',
  sub: 'retention-api',
  email: null,
  name: 'Deployment (RETENTION_API_TOKEN)',
  groups: [],
}

function refused(status: 400 | 403 | 404 | 409, detail: string) {
  return new ProblemError(
    status,
    status === 400 ? 'bad_parameter' : 'retention_refused',
    status === 400 ? 'Bad parameter' : 'Refused',
    detail,
  )
}

/** The signed-in lead, or a 403 that is audited. */
async function lead(applicantId: string, step: string): Promise<Viewer> {
  const viewer = await requireViewer()
  if (!actorOf(viewer).lead) {
    await audit(viewer, 'retention', RESOURCE(applicantId), 'refused', step)
    throw refused(403, 'Only a lead (AUTH_LEAD_GROUPS) manages retention.')
  }
  return viewer
}

async function notErased(db: Kysely<Database>, applicantId: string) {
  const erased = await db
    .selectFrom('retention_erased')
    .select('erased_at')
    .where('applicant_id', '=', applicantId)
    .executeTakeFirst()
  if (erased) {
    throw refused(
      409,
      `This applicant was erased under retention on ${dayOf(erased.erased_at)}: nothing is left to keep or hold.`,
    )
  }
}

/** The applicant's facts, or a 400 naming the field when the mirror holds no record of theirs. */
async function knownFacts(db: Kysely<Database>, applicantId: string) {
  const facts = await applicantFacts(db, applicantId)
  if (!facts || facts.firstDay === null) {
    throw refused(400, `applicant_id: no record of applicant ${applicantId} in the mirror.`)
  }
  return facts
}

export async function endRelationship(
  input: RelationshipEndRequest,
  by: 'session' | 'token' = 'session',
) {
  const viewer =
    by === 'token' ? DEPLOYMENT_ACTOR : await lead(input.applicant_id, 'relationship_end')
  const { db } = await getStore()
  await notErased(db, input.applicant_id)
  const facts = await knownFacts(db, input.applicant_id)
  const today = dayOf(new Date())
  if (input.endedAt > today)
    throw refused(400, `endedAt must not be in the future (today is ${today}).`)
  if (input.endedAt < facts.firstDay!) {
    throw refused(
      400,
      `endedAt must not be before the applicant's first record (${facts.firstDay}).`,
    )
  }
  const reason = input.reason.trim()
  await audit(
    viewer,
    'retention',
    RESOURCE(input.applicant_id),
    'ok',
    'relationship_end',
    `ended ${input.endedAt} reason ${reasonDigest(reason)}`,
  )
  const row = {
    applicant_id: input.applicant_id,
    ended_on: input.endedAt,
    reason,
    user_label: viewerLabel(viewer),
    analyst_id: by === 'token' ? null : analystId(viewer),
    at: new Date(),
  }
  await db
    .insertInto('retention_relationships')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('applicant_id').doUpdateSet({
        ended_on: row.ended_on,
        reason: row.reason,
        user_label: row.user_label,
        analyst_id: row.analyst_id,
        at: row.at,
      }),
    )
    .execute()
  return { applicantId: input.applicant_id, endedAt: input.endedAt }
}

/** The relationship resumed: its end is withdrawn, and the clock stops. */
export async function withdrawRelationship(input: WithdrawalRequest) {
  const viewer = await lead(input.applicant_id, 'relationship_withdrawn')
  const { db } = await getStore()
  await notErased(db, input.applicant_id)
  const ended = await db
    .selectFrom('retention_relationships')
    .select('ended_on')
    .where('applicant_id', '=', input.applicant_id)
    .executeTakeFirst()
  if (!ended) throw refused(409, 'No end of the relationship is recorded: nothing to withdraw.')
  await audit(
    viewer,
    'retention',
    RESOURCE(input.applicant_id),
    'ok',
    'relationship_withdrawn',
    `was ended ${ended.ended_on} reason ${reasonDigest(input.reason.trim())}`,
  )
  await db
    .deleteFrom('retention_relationships')
    .where('applicant_id', '=', input.applicant_id)
    .execute()
  return { applicantId: input.applicant_id, withdrawn: ended.ended_on }
}

export async function placeHold(input: HoldRequest) {
  const viewer = await lead(input.applicant_id, 'hold')
  const { db } = await getStore()
  await notErased(db, input.applicant_id)
  await knownFacts(db, input.applicant_id)
  const today = dayOf(new Date())
  if (input.until !== undefined && input.until < today) {
    throw refused(400, `until must not be in the past (today is ${today}).`)
  }
  const reason = input.reason.trim()
  await audit(
    viewer,
    'retention',
    RESOURCE(input.applicant_id),
    'ok',
    'hold',
    `until ${input.until ?? 'lifted'} reason ${reasonDigest(reason)}`,
  )
  const hold = await db
    .insertInto('retention_holds')
    .values({
      applicant_id: input.applicant_id,
      reason,
      until: input.until ?? null,
      placed_by: viewerLabel(viewer),
      placed_by_id: analystId(viewer),
      placed_at: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  return {
    id: hold.id,
    applicantId: hold.applicant_id,
    reason: hold.reason,
    until: hold.until,
    placedBy: hold.placed_by,
    placedAt: hold.placed_at.toISOString(),
  }
}

export async function liftHold(input: LiftRequest) {
  const viewer = await lead(input.applicant_id, 'hold_lifted')
  const { db } = await getStore()
  const reason = input.reason.trim()
  const open = await db
    .selectFrom('retention_holds')
    .select('id')
    .where('id', '=', input.hold_id)
    .where('applicant_id', '=', input.applicant_id)
    .where('lifted_at', 'is', null)
    .executeTakeFirst()
  if (!open) throw refused(404, `No hold ${input.hold_id} in force on this applicant.`)
  await audit(
    viewer,
    'retention',
    RESOURCE(input.applicant_id),
    'ok',
    'hold_lifted',
    `hold ${input.hold_id} reason ${reasonDigest(reason)}`,
  )
  await db
    .updateTable('retention_holds')
    .set({ lifted_at: new Date(), lifted_by: viewerLabel(viewer), lift_reason: reason })
    .where('id', '=', input.hold_id)
    .execute()
  return { id: input.hold_id, lifted: true }
}

/**
 * A person's erasure request (GDPR Art. 17): granted at once for data outside the AML obligation
 * (sandbox records; an applicant never onboarded, or whose relationship ended, once its clock has
 * run) and nothing holds it; otherwise refused with the day erasure becomes possible.
 */
export async function requestErasure(input: ErasureRequestBody) {
  const viewer = await lead(input.applicant_id, 'erasure_request')
  const { db } = await getStore()
  await notErased(db, input.applicant_id)
  const facts = await knownFacts(db, input.applicant_id)
  const settings = retentionSettings()
  const today = dayOf(new Date())
  const clock = clockOf(facts, settings, today)
  const holds = (await holdsOf(db, [input.applicant_id], today)).get(input.applicant_id) ?? []
  const outside = clock.state === 'counting' && (clock.rule === 'sandbox' || clock.due)
  const granted = outside && holds.length === 0
  const possibleOn =
    clock.state === 'counting' && !clock.due && clock.rule !== 'sandbox'
      ? addDays(clock.keptUntil, 1)
      : null
  const why = granted
    ? 'Granted: erased now.'
    : holds.length > 0
      ? `Refused: held (${holds.map((hold) => hold.detail).join('; ')}).${possibleOn ? ` Possible from ${possibleOn} once nothing holds it.` : ''}`
      : possibleOn
        ? `Refused: the AML record-keeping obligation applies; possible from ${possibleOn}.`
        : 'Refused: the business relationship is ongoing; possible RETENTION_DAYS after it ends.'
  const reason = input.reason.trim()
  await audit(
    viewer,
    'retention',
    RESOURCE(input.applicant_id),
    granted ? 'granted' : 'refused',
    'erasure_request',
    `possible ${possibleOn ?? (granted ? 'now' : 'unknown')} reason ${reasonDigest(reason)}`,
  )
  const request = await db
    .insertInto('retention_requests')
    .values({
      applicant_id: input.applicant_id,
      reason,
      outcome: granted ? 'granted' : 'refused',
      possible_on: possibleOn,
      user_label: viewerLabel(viewer),
      analyst_id: analystId(viewer),
      at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  if (granted && clock.state === 'counting') {
    await runRetention(db, settings, {
      trigger: 'request',
      dryRun: false,
      actor: viewer,
      vacuum: false,
      only: [
        {
          applicantId: input.applicant_id,
          rule: 'request',
          keptUntil: clock.keptUntil,
          from: clock.from,
        },
      ],
    })
  }
  return {
    id: request.id,
    outcome: granted ? 'granted' : 'refused',
    possibleOn,
    message: why,
  }
}
