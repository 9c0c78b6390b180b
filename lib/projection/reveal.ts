import 'server-only'

import { ProblemError } from '@/lib/api/problem-error'
import { audit, type AuditResource } from '@/lib/audit/record'
import { AuthRequiredError } from '@/lib/auth/errors'
import { getViewer } from '@/lib/auth/session'
import { takeSensitiveAction } from '@/lib/limits/sensitive-actions'
import type { MaskedKind } from '@/lib/projection/mask-rules'
import { parseToken } from '@/lib/projection/masked-token'
import {
  project,
  projectAmlSearch,
  projectProfile,
  projectVerification,
} from '@/lib/projection/project'
import {
  decodeRef,
  pathName,
  type FieldPath,
  type RecordRef,
  type RefKey,
} from '@/lib/projection/record-ref'
import { refKeyOf } from '@/lib/projection/ref-key'
import {
  findWebhookRecord,
  readAmlSearch,
  readProfile,
  readVerification,
} from '@/lib/upstream/reads'

/*
 * A reveal is a read the server controls: it reads the record again through the guarded path,
 * reveals only a value its own projection masked at that path, and writes the audit line before
 * the value leaves. Only a reference signed for this analyst's session is taken (record-ref.ts),
 * and reveals draw on the limiter of sensitive actions (lib/limits/sensitive-actions.ts), shared
 * by every instance. A refused or failed reveal is audited too.
 */

// What a reveal that names no record (no session, no reference) is audited under.
const UNKNOWN: AuditResource = { type: 'reveal', id: null }

export async function revealValue(ref: string): Promise<{ value: string; kind: MaskedKind }> {
  const viewer = await getViewer()
  if (!viewer) {
    await audit(null, 'reveal', UNKNOWN, 'denied')
    throw new AuthRequiredError()
  }
  const key = refKeyOf(viewer)
  const decoded = decodeRef(ref, key)
  if (decoded.status === 'malformed') {
    await audit(viewer, 'reveal', UNKNOWN, 'bad_reference')
    throw new ProblemError(400, 'bad_parameter', 'Bad reference', 'This is not a masked value.')
  }
  const { record, path } = decoded
  const resource: AuditResource = { type: record.type, id: record.id }
  const field = pathName(path)
  if (decoded.status === 'forged') {
    await audit(viewer, 'reveal', resource, 'forged_reference', field)
    throw new ProblemError(
      403,
      'forbidden',
      'Not your reference',
      'This masked value was not shown to you in this session. Open the record and reveal it there.',
    )
  }
  const taken = await takeSensitiveAction(viewer, 'reveal')
  if (!taken.ok) {
    const wait = taken.retryAfterSeconds
    await audit(viewer, 'reveal', resource, 'rate_limited', field)
    throw new ProblemError(
      429,
      'reveal_limited',
      'Too many reveals',
      `You revealed many values in the last minute. Every reveal is recorded; try again in ${wait} s.`,
      { 'Retry-After': String(wait) },
    )
  }
  const { raw, projected } = await readProjected(record, key)
  const token = parseToken(at(projected, path))
  const value = at(raw, path)
  if (!token || token.ref !== ref || (typeof value !== 'string' && typeof value !== 'number')) {
    await audit(viewer, 'reveal', resource, 'not_masked', field)
    throw new ProblemError(
      404,
      'not_found',
      'Value not found',
      'The record no longer has this value. Reload the page.',
    )
  }
  await audit(viewer, 'reveal', resource, 'ok', field)
  return { value: String(value), kind: token.kind }
}

async function readProjected(
  record: RecordRef,
  key: RefKey,
): Promise<{ raw: unknown; projected: unknown }> {
  switch (record.type) {
    case 'verification': {
      const raw = await readVerification(record.id)
      return { raw, projected: projectVerification(raw, record.id, key) }
    }
    case 'aml_search': {
      const raw = await readAmlSearch(record.id)
      return { raw, projected: projectAmlSearch(raw, record.id, key) }
    }
    case 'profile': {
      const raw = await readProfile(record.id)
      return { raw, projected: projectProfile(raw, key) }
    }
    case 'webhook': {
      const raw = await findWebhookRecord(record)
      return { raw, projected: raw && project(raw, record, key) }
    }
  }
}

function at(value: unknown, path: FieldPath): unknown {
  let current = value
  for (const part of path) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<string | number, unknown>)[part]
  }
  return current
}
