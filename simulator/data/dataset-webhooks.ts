import type { AmlSearchResult, Verification } from '@/lib/upstream/schemas'
import { MINUTE, SIM_NOW, iso, isoDate } from './clock'
import { setMatchRisk, type AmlRegistry, type Risk } from './dataset-aml'
import type { HistoryPlan, PlacedRecord, Screening } from './dataset-screenings'
import { exampleIds } from '@/lib/demo/example-ids'
import { rngFor, type Rng } from './random'
import { countries, personNames } from './vocab-people'

/** A history record as the simulator serves it (the schema's output type is post-transform). */
export type RawWebhookRecord = {
  id: string
  webhook_id: string
  event_type: string
  timestamp: string
  payload: unknown
  is_sandbox?: boolean
  attempts?: number
  response_code?: number | string
  last_attempt_at?: string
}

/** Records 1-3 force the rarer types so that a tiny history still shows each of them. */
const FORCED = ['AML_SCREENING', 'DOCVER', 'DOCVER_CHECKS', 'APPLICANT_UPDATED'] as const

function eventType(rng: Rng, index: number): string {
  const forced = FORCED[index]
  if (forced) return forced
  const roll = rng.next()
  return roll < 0.7
    ? 'AML_SCREENING'
    : roll < 0.84
      ? 'DOCVER'
      : roll < 0.96
        ? 'DOCVER_CHECKS'
        : 'APPLICANT_UPDATED'
}

export function screeningPayload(
  rng: Rng,
  { applicantId, request, result }: Screening,
  at: number,
) {
  const { date_of_birth, ...named } = request
  return {
    applicant_id: applicantId,
    screening_id: rng.uuid(),
    search_request: {
      full_name: named.full_name,
      first_name: named.first_name,
      last_name: named.last_name,
      countries: named.countries,
      cities: [],
      postal_codes: [],
      ...(date_of_birth ? { date_of_birth } : {}),
      risk_scores: rng.sample(['Low', 'Medium', 'High'], rng.int(0, 3)),
      tags: rng.sample(['Sanction', 'PEP', 'Media'], rng.int(0, 3)),
      entity_types: ['Person'],
      sources: [],
      fuzziness: true,
      fuzziness_level: rng.int(0, 3),
      phonetics: rng.chance(0.5),
      registration_ids: [],
      mode: 'AUTO',
      gender: named.gender,
      search_kyb: false,
    },
    search_response: result,
    completed_at: iso(at - rng.int(1, 30) * 1000, rng.int(0, 999)),
    risk_score: { type: result.max_risk_score ?? 'Low' },
    external_id: `crm-${rng.int(10000, 99999)}`,
  }
}

function amlPayload(
  rng: Rng,
  verifications: readonly Verification[],
  aml: AmlRegistry,
  linkable: HistoryPlan['linkable'],
  at: number,
) {
  // Some screenings are the ones verifications asked for (each appears once), most stand alone.
  const picked = rng.chance(0.4) ? rng.pick(verifications) : undefined
  const linked = linkable.get(picked?.id ?? '')
  if (picked && linked && linked.result.data.length <= 60) {
    linkable.delete(picked.id ?? '')
    return screeningPayload(rng, linked, at)
  }
  const person = rng.pick(personNames)
  const requested = `${person.first} ${person.last}`.toUpperCase()
  const result = aml.add({
    searchId: rng.uuid(),
    requestedName: requested,
    matches: rng.pick([0, 0, 1, 2, 3, 5, 8]),
    fullMatches: rng.int(0, 1),
  })
  const birthYear = rng.int(1950, 2004)
  const request = {
    full_name: requested,
    first_name: person.first,
    last_name: person.last,
    countries: rng.sample(countries, rng.int(0, 2)).map((c) => c.alpha2),
    date_of_birth: { gte: `${birthYear}-01-01`, lte: `${birthYear}-12-31` },
    gender: person.gender === 'F' ? 'female' : 'male',
  }
  return screeningPayload(rng, { applicantId: rng.uuid(), request, result }, at)
}

function placedPayload(
  placed: PlacedRecord,
  rng: Rng,
  verifications: readonly Verification[],
  at: number,
): unknown {
  if (placed.kind === 'aml') return screeningPayload(rng, placed.screening, at)
  return verifications.find((v) => v.verification_url_id === placed.shortId)
}

function payloadFor(
  type: string,
  rng: Rng,
  verifications: readonly Verification[],
  aml: AmlRegistry,
  linkable: HistoryPlan['linkable'],
  at: number,
): unknown {
  const verification = rng.pick(verifications)
  switch (type) {
    case 'AML_SCREENING':
      return amlPayload(rng, verifications, aml, linkable, at)
    case 'DOCVER':
      return verification
    case 'DOCVER_CHECKS': {
      const [step, check] = rng.pick(Object.entries(verification.checks ?? {}))
      return {
        verification_id: verification.id,
        applicant_id: verification.applicant_id,
        step,
        result: { status: check?.status, errors: check?.errors ?? [] },
      }
    }
    default:
      return {
        applicant_id: verification.applicant_id,
        external_id: `crm-${rng.int(10000, 99999)}`,
        changed_fields: ['email', 'phone'],
        updated_at: isoDate(at),
      }
  }
}

export function delivery(rng: Rng, at: number, sandbox: boolean): Partial<RawWebhookRecord> {
  if (rng.chance(0.3)) return {}
  const outcome = rng.next()
  if (outcome < 0.1) return { is_sandbox: sandbox, attempts: 0, response_code: '' }
  const attempts = outcome < 0.75 ? 1 : rng.int(2, 6)
  const code = outcome < 0.75 ? 200 : rng.pick<number | string>([500, 502, 'timeout', 200])
  return {
    is_sandbox: sandbox,
    attempts,
    response_code: code,
    last_attempt_at: iso(Math.min(SIM_NOW, at + attempts * rng.int(1, 30) * MINUTE)),
  }
}

/*
 * The archive: records from ARCHIVE_FROM on, older than the newest 500 that the console's live
 * windows read, with fixed work for the history mirror's queue (unreviewed High and Medium
 * screenings, failed verifications) and an applicant screened again long after their first
 * screening. Records before ARCHIVE_FROM are exactly what they were before the archive existed.
 */
export const ARCHIVE_FROM = 600
const ARCHIVE_RISKS = new Map<number, Risk>([
  [620, 'High'],
  [630, 'Medium'],
  [675, 'High'],
  [685, 'Medium'],
])
const ARCHIVE_FAILED = [610, 655, 690]
/** The older screening of the applicant whose screening is the newest unplanned one in the history. */
export const ARCHIVE_RESCREEN_AT = 640

/** Records built and kept in memory; a larger history generates the rest from their index. */
export const BUILT_LIMIT = 5_000

function riskScreening(rng: Rng, aml: AmlRegistry, risk: Risk, at: number, applicantId?: string) {
  const person = rng.pick(personNames)
  const requested = `${person.first} ${person.last}`.toUpperCase()
  const result = aml.add({
    searchId: rng.uuid(),
    requestedName: requested,
    matches: 3,
    fullMatches: 1,
  })
  forceRisk(result, risk)
  const request = {
    full_name: requested,
    first_name: person.first,
    last_name: person.last,
    countries: [],
    gender: person.gender === 'F' ? 'female' : 'male',
  }
  return screeningPayload(rng, { applicantId: applicantId ?? rng.uuid(), request, result }, at)
}

function forceRisk(result: AmlSearchResult, risk: Risk) {
  result.data?.forEach((match, index) => setMatchRisk(match, index === 0 ? risk : 'Low'))
  result.max_risk_score = risk
}

/** A payload for an archive position, or undefined for an ordinary record. */
function archivePayload(
  index: number,
  rng: Rng,
  records: readonly RawWebhookRecord[],
  plan: HistoryPlan,
  verifications: readonly Verification[],
  aml: AmlRegistry,
  at: number,
): { type: string; payload: unknown } | undefined {
  const risk = ARCHIVE_RISKS.get(index)
  if (risk) return { type: 'AML_SCREENING', payload: riskScreening(rng, aml, risk, at) }
  const failedAt = ARCHIVE_FAILED.indexOf(index)
  if (failedAt >= 0) {
    const failed = verifications.filter((v) => v.status === 'failed')
    const verification = failed[failedAt % Math.max(1, failed.length)] ?? verifications[0]
    return { type: 'DOCVER', payload: verification }
  }
  if (index === ARCHIVE_RESCREEN_AT) {
    const newest = records.find(
      (record, position) => record.event_type === 'AML_SCREENING' && !plan.placed.has(position),
    )
    const applicantId = (newest?.payload as { applicant_id?: string } | undefined)?.applicant_id
    return { type: 'AML_SCREENING', payload: riskScreening(rng, aml, 'High', at, applicantId) }
  }
  return undefined
}

/**
 * Newest first, with timestamps walking back from SIM_NOW about twenty minutes apart, so that the
 * default 700 records span about nine days and an applicant's repeated screenings are days apart.
 * Only the first BUILT_LIMIT are built; history-tail.ts makes the older ones on demand.
 */
export function buildWebhookHistory(
  seed: number,
  count: number,
  verifications: readonly Verification[],
  aml: AmlRegistry,
  plan: HistoryPlan,
): RawWebhookRecord[] {
  const records: RawWebhookRecord[] = []
  let at = SIM_NOW - 7 * MINUTE
  const built = Math.min(Math.max(count, FORCED.length), BUILT_LIMIT)
  for (let index = 0; index < built; index++) {
    const rng = rngFor(seed, 'webhook', index)
    at -= rng.int(5, 2400) * 1000
    const placed = plan.placed.get(index)
    const archived =
      index >= ARCHIVE_FROM && !placed
        ? archivePayload(index, rng, records, plan, verifications, aml, at)
        : undefined
    const type =
      archived?.type ??
      (placed ? (placed.kind === 'aml' ? 'AML_SCREENING' : 'DOCVER') : eventType(rng, index))
    const webhookId =
      index < exampleIds.webhookIds.length
        ? exampleIds.webhookIds[index]
        : rng.pick([...exampleIds.webhookIds, exampleIds.webhookIds[0]])
    const payload = archived
      ? archived.payload
      : placed
        ? placedPayload(placed, rng, verifications, at)
        : payloadFor(type, rng, verifications, aml, plan.linkable, at)
    const sandbox = webhookId === exampleIds.webhookIds[3]
    records.push({
      id: (placed?.kind === 'aml' ? placed.recordId : undefined) ?? rng.uuid(),
      webhook_id: webhookId ?? '',
      event_type: type,
      timestamp: iso(at, rng.int(0, 999)),
      payload,
      ...delivery(rng, at, sandbox),
    })
  }
  return records
}
