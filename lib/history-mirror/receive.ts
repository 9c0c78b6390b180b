import 'server-only'

import { readCapped } from '@/lib/api/body'
import { json, problem } from '@/lib/api/problem'
import { getEnv } from '@/lib/env'
import { getStore } from '@/lib/store/store'
import { readSignatureHeader, signingKeys, verifyBody } from '@/lib/upstream/webhook-signature'

import { screeningMatches } from './carry'
import { recordRefusal, storeDelivery } from './deliveries'
import { extractRecord, refusal } from './extract'
import { mirrorLog } from './log'

/** The provider's header (its documentation spells it `X-Webhook-Signature`). */
const SIGNATURE_HEADER = 'x-webhook-signature'

/*
 * The provider's webhook deliveries, received without a session: the signature is the only
 * credential (lib/upstream/webhook-signature.ts): a request without a well-formed, fresh signature header is
 * refused on its headers before its body is read, the body is parsed only once it verifies, and a
 * delivery is answered 2xx only once its record is committed (the provider keeps a failed one for a
 * replay, and the poll fills the gap meanwhile).
 */

/**
 * The largest delivery read: one history record, which with a thousand AML matches runs to a few
 * megabytes. Counted as the body streams; the rest of a larger one is never read.
 */
export const DELIVERY_MAX_BYTES = 5 * 1024 * 1024

function notFound() {
  return problem(404, 'not_found', 'Not found', 'There is no such API endpoint.')
}

/**
 * Any other method on the route: with no secret set, the same 404 as a POST (the route says nothing
 * of itself); with one, 405.
 */
export function otherMethod(): Response {
  if (getEnv().DS_WEBHOOK_SECRET.length === 0) return notFound()
  const response = problem(
    405,
    'method_not_allowed',
    'Method not allowed',
    'Deliveries are POSTed.',
  )
  response.headers.set('allow', 'POST')
  return response
}

/** POST /api/upstream/webhooks: verifies, stores and answers one delivery. */
export async function receiveDelivery(request: Request): Promise<Response> {
  const secrets = getEnv().DS_WEBHOOK_SECRET
  if (secrets.length === 0) return notFound()
  const declared = Number(request.headers.get('content-length'))
  const header = readSignatureHeader(
    request.headers.get(SIGNATURE_HEADER),
    Math.floor(Date.now() / 1_000),
  )
  if (!header.ok) {
    // Refused on its headers: the body is never read.
    await request.body?.cancel().catch(() => undefined)
    return refuse(
      header.reason,
      401,
      Number.isSafeInteger(declared) ? Math.min(Math.max(declared, 0), 2_147_483_647) : 0,
      'Unauthorized',
      'The delivery’s signature does not verify.',
    )
  }
  const body =
    declared > DELIVERY_MAX_BYTES ? null : await readCapped(request.body, DELIVERY_MAX_BYTES)
  if (!body) {
    return refuse(
      'body_too_large',
      413,
      Math.min(Math.max(declared || 0, DELIVERY_MAX_BYTES + 1), 2_147_483_647),
      'Request too large',
      `A delivery may be at most ${DELIVERY_MAX_BYTES / 1024 / 1024} MB.`,
    )
  }
  const verdict = verifyBody(header, body, signingKeys(secrets))
  if (!verdict.ok) {
    return refuse(
      verdict.reason,
      401,
      body.byteLength,
      'Unauthorized',
      'The delivery’s signature does not verify.',
    )
  }
  let raw: unknown = null
  try {
    raw = JSON.parse(Buffer.from(body).toString('utf8'))
  } catch {
    raw = null
  }
  const record = extractRecord(raw)
  if (!record) {
    return refuse(
      'unreadable',
      400,
      body.byteLength,
      'Bad request',
      'The body must be a history record with an id.',
    )
  }
  // What the store cannot hold (an id too long for its index) is refused, not retried forever.
  const unstorable = refusal(record)
  if (unstorable) {
    return refuse('unstorable', 422, body.byteLength, 'Unprocessable record', unstorable)
  }
  const { db } = await getStore()
  try {
    const matches = record.event_type === 'AML_SCREENING' ? screeningMatches(raw) : null
    const { held, differs } = await storeDelivery(db, record, matches)
    if (differs) {
      return refuse(
        'differs_from_history',
        409,
        body.byteLength,
        'Differs from the history',
        'The provider’s history holds this record with other content; its copy stands.',
        record.id,
      )
    }
    mirrorLog('info', 'delivery received', { id: record.id, eventType: record.event_type, held })
    return json({ id: record.id, held })
  } catch (error) {
    mirrorLog('warn', 'delivery not stored', {
      id: record.id,
      error: error instanceof Error ? error.message : String(error),
    })
    return problem(
      500,
      'not_stored',
      'Not stored',
      'The delivery could not be stored; send it again.',
    )
  }
}

/** Counts and logs a refused delivery (ids and sizes only: the body is not trusted, nor shown). */
async function refuse(
  reason: string,
  status: number,
  bodyBytes: number,
  title: string,
  detail: string,
  recordId?: string,
) {
  mirrorLog('warn', 'delivery refused', {
    reason,
    status,
    bodyBytes,
    ...(recordId ? { id: recordId.slice(0, 100) } : {}),
  })
  const { db } = await getStore()
  await recordRefusal(db, { reason, status, bodyBytes }).catch((error: unknown) =>
    mirrorLog('warn', 'refused delivery not counted', {
      error: error instanceof Error ? error.message : String(error),
    }),
  )
  return problem(status, reason, title, detail)
}
