import type { AmlMatch, AmlSearchResult, Verification } from '@/lib/upstream/schemas'
import { exampleIds } from '@/lib/demo/example-ids'
import { iso } from './clock'
import type { Risk } from './dataset-aml'
import { delivery, screeningPayload, type RawWebhookRecord } from './dataset-webhooks'
import type { AddedSpec } from './added-spec'
import { hostile } from './history-hostile'
import { rngFor, type Rng } from './random'
import { personNames } from './vocab-people'

/*
 * History records that are never built up front: the old tail of a large history (SIM_HISTORY
 * beyond the built records), made from its index whenever a page needs it, and records added while
 * the simulator runs (POST /__sim/history). Their ids carry their index, so a cursor or an AML
 * search id leads back to the record without a table of them.
 */

const TAIL_GAP_MS = 30_000
const ID = /^9e00000([0-3])-0000-4000-8000-([0-9a-f]{12})$/

const makeId = (kind: number, index: number) =>
  `9e00000${kind}-0000-4000-8000-${index.toString(16).padStart(12, '0')}`
const TAIL_RECORD = 0
const TAIL_SEARCH = 1
const ADDED_RECORD = 2
const ADDED_SEARCH = 3

/** Which generated record or search an id names, if it is one. */
export function generatedId(
  id: string,
): { kind: 'tail' | 'added'; what: 'record' | 'search'; index: number } | null {
  const match = ID.exec(id)
  if (!match?.[1] || !match[2]) return null
  const code = Number(match[1])
  return {
    kind: code < 2 ? 'tail' : 'added',
    what: code % 2 === 0 ? 'record' : 'search',
    index: parseInt(match[2], 16),
  }
}

export type TailContext = {
  seed: number
  verifications: readonly Verification[]
  /** The first index the tail makes (the records before it are built). */
  from: number
  /** The oldest built record's time: the tail walks back from it. */
  startAt: number
}

/** The tail's webhook of a record: from the index alone, so a filtered page need not build records. */
export function tailWebhook(index: number): string {
  const ids = exampleIds.webhookIds
  return ids[index % ids.length] ?? ''
}

/** The record at `index` (>= context.from), the same every time. */
export function tailRecord(context: TailContext, index: number): RawWebhookRecord {
  const rng = rngFor(context.seed, 'webhook-tail', index)
  // Strictly older than the record before: each has its own slot of TAIL_GAP_MS.
  const at =
    context.startAt - (index - context.from + 1) * TAIL_GAP_MS + rng.int(0, TAIL_GAP_MS / 2 - 1)
  const webhookId = tailWebhook(index)
  const roll = rng.next()
  const type = roll < 0.75 ? 'AML_SCREENING' : roll < 0.88 ? 'DOCVER' : 'DOCVER_CHECKS'
  const payload =
    type === 'AML_SCREENING'
      ? screening(rng, context.seed, makeId(TAIL_SEARCH, index), at, {})
      : verificationPayload(rng, type, context.verifications, {})
  return {
    id: makeId(TAIL_RECORD, index),
    webhook_id: webhookId,
    event_type: type,
    timestamp: iso(at, rng.int(0, 999)),
    payload,
    ...delivery(rng, at, webhookId === exampleIds.webhookIds[3]),
  }
}

/** The `sequence`-th record added while running, at `at`. */
export function addedRecord(
  context: TailContext,
  sequence: number,
  spec: AddedSpec,
  at: number,
): { record: RawWebhookRecord; result: AmlSearchResult | null } {
  const rng = rngFor(context.seed, 'webhook-added', sequence)
  const type = spec.eventType ?? 'AML_SCREENING'
  const payload =
    type === 'AML_SCREENING'
      ? screening(rng, context.seed, makeId(ADDED_SEARCH, sequence), at, spec)
      : verificationPayload(rng, type, context.verifications, spec)
  const record: RawWebhookRecord = {
    id: makeId(ADDED_RECORD, sequence),
    webhook_id: exampleIds.webhookIds[0] ?? '',
    event_type: type,
    timestamp: iso(at),
    payload,
    is_sandbox: false,
    attempts: 1,
    response_code: 200,
    last_attempt_at: iso(at),
  }
  const result = (payload as { search_response?: AmlSearchResult }).search_response ?? null
  if (spec.hostile) hostile(spec.hostile, sequence, record, result)
  return { record, result }
}

/** A tail record's AML report, made again from the record. */
export function tailSearch(context: TailContext, index: number): AmlSearchResult | undefined {
  const payload = tailRecord(context, index).payload as { search_response?: AmlSearchResult }
  return payload.search_response
}

const RISKS: readonly Risk[] = ['Low', 'Low', 'Medium', 'High']

/**
 * A report of a few plain matches (a name, a tag, a risk): the tail is made a page at a time while
 * a backfill reads it, so its records must be cheap; the built records carry the rich reports.
 */
function plainResult(seed: number, searchId: string, requested: string, spec: AddedSpec) {
  const rng = rngFor(seed, 'aml-plain', searchId)
  const count = spec.risk ? 3 : rng.pick([0, 0, 0, 1, 1, 2, 3])
  const data: AmlMatch[] = Array.from({ length: count }, (_, index) => {
    const person = rng.pick(personNames)
    return {
      uuid: rng.uuid(),
      type: 'Person',
      tags: [rng.pick(['Sanction', 'PEP', 'Media'])],
      fields: { names: [{ full_name: `${person.first} ${person.last}` }] },
      risk_score: spec.risk ? (index === 0 ? spec.risk : 'Low') : rng.pick(RISKS),
    }
  })
  const result: AmlSearchResult = { requested_name: requested, search_uuid: searchId, data }
  if (data.length > 0) {
    result.max_risk_score =
      spec.risk ??
      (['High', 'Medium', 'Low'] as const).find((risk) =>
        data.some((match) => match.risk_score === risk),
      )
  }
  return result
}

/** The earlier report again under a new search id: what a daily re-screening sends. */
function rescreenedResult(
  seed: number,
  searchId: string,
  { of, changed, added }: NonNullable<AddedSpec['rescreen']>,
): AmlSearchResult {
  const data = structuredClone<AmlMatch[]>(of.data).map((match, index) =>
    index < changed
      ? {
          ...match,
          fields: {
            ...match.fields,
            sources: [
              ...(match.fields?.sources ?? []),
              { name: 'UN Security Council', source_id: 'un-sc', reason: 'Newly designated' },
            ],
          },
        }
      : match,
  )
  const extra = plainResult(seed, searchId, of.requested_name ?? '', { risk: 'Low' }).data
  return { ...of, search_uuid: searchId, data: [...data, ...extra.slice(0, added)] }
}

function screening(rng: Rng, seed: number, searchId: string, at: number, spec: AddedSpec) {
  const person = rng.pick(personNames)
  const requested =
    spec.name ?? spec.rescreen?.of.requested_name ?? `${person.first} ${person.last}`.toUpperCase()
  const result = spec.rescreen
    ? rescreenedResult(seed, searchId, spec.rescreen)
    : plainResult(seed, searchId, requested, spec)
  const [first = requested, ...rest] = requested.split(' ')
  const request = {
    full_name: requested,
    first_name: first,
    last_name: rest.join(' '),
    countries: [],
    gender: person.gender === 'F' ? 'female' : 'male',
  }
  return screeningPayload(rng, { applicantId: spec.applicantId ?? rng.uuid(), request, result }, at)
}

function verificationPayload(
  rng: Rng,
  type: string,
  verifications: readonly Verification[],
  spec: AddedSpec,
): unknown {
  const checked = type === 'DOCVER' ? verifications : verifications.filter((v) => v.checks)
  const verification = rng.pick(checked.length > 0 ? checked : verifications)
  const applicantId = spec.applicantId ?? verification.applicant_id
  const checks = Object.entries(verification.checks ?? {})
  if (type === 'DOCVER' || checks.length === 0) {
    return {
      ...verification,
      applicant_id: applicantId,
      status: spec.status ?? verification.status,
    }
  }
  const [step, check] = rng.pick(checks)
  return {
    verification_id: verification.id,
    applicant_id: applicantId,
    step,
    result: { status: spec.status ?? check?.status, errors: check?.errors ?? [] },
  }
}
