import 'server-only'

import { asObject, readString } from '@/lib/json/read'
import { searchHistory } from '@/lib/review/history-window'
import type { SubjectSource } from '@/lib/review/subject'
import { mirroredLink, rememberedLink, rememberLink } from '@/lib/review/subject-link'
import { getStore } from '@/lib/store/store'
import { UpstreamError } from '@/lib/upstream/errors'
import { readVerification, readWebhookHistory } from '@/lib/upstream/reads'
import type { Verification, WebhookRecord } from '@/lib/upstream/schemas'
import { isShortId } from '@/lib/util/ids'

/*
 * Who an AML report screened, loaded on the server from where the analyst came: a verification
 * whose aml_search_id is the report, or an AML_SCREENING record whose result is the report. A link
 * names the subject, but only what the upstream says links it to the report: a subject that points
 * elsewhere is refused rather than compared (or its applicant's decisions remembered).
 */

export type SubjectContext =
  | {
      ok: true
      applicantId: string | null
      /** Raw, unmasked: compare on the server, never send it to the browser as it is. */
      verification?: Verification
      screening?: WebhookRecord
    }
  | { ok: false; reason: 'not_found' | 'not_linked' }

const same = (a: string | null | undefined, b: string) => !!a && a.toLowerCase() === b.toLowerCase()

/**
 * The subject's records, read from the upstream; a lookup that failed is remembered and not made
 * again for a while, and a screening the history mirror says is not this report's is not looked
 * for in the history (lib/review/subject-link.ts).
 */
export async function loadSubjectContext(
  searchId: string,
  source: SubjectSource,
): Promise<SubjectContext> {
  const kept = rememberedLink(searchId, source)
  if (kept && !kept.ok) return kept
  if (source.kind === 'screening') {
    const mirrored = await mirroredLink(searchId, source.recordId)
    if (mirrored && !mirrored.ok) {
      rememberLink(searchId, source, mirrored)
      return mirrored
    }
  }
  const context =
    source.kind === 'verification'
      ? await fromVerification(searchId, source.shortId)
      : await fromScreening(searchId, source.recordId)
  rememberLink(
    searchId,
    source,
    context.ok ? { ok: true, applicantId: context.applicantId } : context,
  )
  return context
}

async function fromVerification(searchId: string, shortId: string): Promise<SubjectContext> {
  if (!isShortId(shortId)) return { ok: false, reason: 'not_found' }
  let verification: Verification
  try {
    verification = await readVerification(shortId)
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === 'not_found') {
      return { ok: false, reason: 'not_found' }
    }
    throw error
  }
  if (!same(verification.aml_search_id, searchId)) return { ok: false, reason: 'not_linked' }
  return { ok: true, applicantId: verification.applicant_id || null, verification }
}

async function fromScreening(searchId: string, recordId: string): Promise<SubjectContext> {
  const screening =
    (await fromMirroredPlace(recordId)) ??
    (await searchHistory((records) => records.find((record) => record.id === recordId) ?? null))
      .value
  if (!screening) return { ok: false, reason: 'not_found' }
  const payload = asObject(screening.payload)
  // The schema names the result search_response; a payload it could not normalise is as sent.
  const result = asObject(payload?.search_response) ?? asObject(payload?.search_result)
  if (
    screening.event_type !== 'AML_SCREENING' ||
    !same(readString(result, 'search_uuid'), searchId)
  ) {
    return { ok: false, reason: 'not_linked' }
  }
  return { ok: true, applicantId: readString(payload, 'applicant_id'), screening }
}

/**
 * The record read from the one history page that holds it, when the mirror knows where it is:
 * the page after its newer neighbour (the first page when it is the newest). A record older than
 * the live window is found in one read; null sends the caller to the window.
 */
async function fromMirroredPlace(recordId: string): Promise<WebhookRecord | null> {
  const { db } = await getStore()
  const target = await db
    .selectFrom('history_records')
    .select(['id', 'at'])
    .where('id', '=', recordId)
    .executeTakeFirst()
  if (!target?.at) return null
  const newer = await db
    .selectFrom('history_records')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('at', '>', target.at),
        eb.and([eb('at', '=', target.at), eb('id', '>', target.id)]),
      ]),
    )
    .orderBy('at', 'asc')
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst()
  const page = await readWebhookHistory({ after: newer?.id })
  return page.data.find((record) => record.id === recordId) ?? null
}
