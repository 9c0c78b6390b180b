import 'server-only'

import { sql, type Kysely } from 'kysely'

import { verifyStoredTrail } from '@/lib/audit/trail'
import type { PackCheck } from '@/lib/evidence/contract'
import { PACK_FORMAT } from '@/lib/evidence/contract'
import { packErasure } from '@/lib/retention/pack-erasure'
import type { Database } from '@/lib/store/schema'

import { deploymentId, PACK_FIELD_PREFIX, sha256 } from './deployment'

/*
 * Whether a file is a pack this Verity made, as it was made. Its SHA-256 is looked for in the
 * audit rows that recorded packs; found, the whole chain is verified too (a row is only as good as
 * the chain it is in). Not found, what the file says of itself tells the rest apart: a pack of this
 * deployment whose bytes changed (or that was never recorded here), a pack of another deployment,
 * or a file that is no pack at all. What a file says of itself proves nothing; only a match does.
 */

const PDF_CLAIM = new RegExp(`${PACK_FORMAT} deployment=([0-9a-f]{16})(?: seq=(\\d+))?`)
const JSON_FORMAT = new RegExp(`"format":\\s*"${PACK_FORMAT}"`)
const JSON_DEPLOYMENT = /"deployment":\s*"([0-9a-f]{16})"/

export async function checkPack(
  db: Kysely<Database>,
  key: Uint8Array,
  bytes: Uint8Array,
): Promise<PackCheck> {
  const text = Buffer.from(bytes).toString('latin1')
  const kind = text.startsWith('%PDF-') ? 'pdf' : 'json'
  const hash = sha256(bytes)
  const row = await db
    .selectFrom('audit_events')
    .select(['seq', 'at', 'user_label', 'resource_type', 'resource_id', 'field'])
    .where('action', '=', 'export')
    .where('field', 'like', `${PACK_FIELD_PREFIX}%`)
    .where(sql<boolean>`field like ${`%=${hash}%`}`)
    // A pack's row is sealed as it is appended (lib/audit/trail.ts `appendMade`).
    .where('seq', 'is not', null)
    .$narrowType<{ seq: number }>()
    .orderBy('seq')
    .executeTakeFirst()
  if (row) {
    const resource = { type: row.resource_type, id: row.resource_id }
    const [chain, erased] = await Promise.all([
      verifyStoredTrail(db, key),
      packErasure(db, resource),
    ])
    return {
      verdict: 'recorded',
      kind: row.field?.includes(`pdf=${hash}`) ? 'pdf' : 'json',
      seq: row.seq,
      at: row.at.toISOString(),
      by: row.user_label,
      resource,
      erased,
      chain: chain.ok
        ? { ok: true, rows: chain.rows }
        : { ok: false, seq: chain.seq, reason: chain.reason },
    }
  }
  const claim = kind === 'pdf' ? pdfClaim(text) : jsonClaim(text)
  if (!claim) return { verdict: 'unknown' }
  if (claim.deployment !== deploymentId(key)) {
    return { verdict: 'other_deployment', kind, deployment: claim.deployment }
  }
  return { verdict: 'changed', kind, claimedSeq: claim.seq }
}

function pdfClaim(text: string) {
  const found = PDF_CLAIM.exec(text)
  if (!found) return null
  return { deployment: found[1]!, seq: found[2] ? Number(found[2]) : null }
}

function jsonClaim(text: string) {
  if (!JSON_FORMAT.test(text)) return null
  const found = JSON_DEPLOYMENT.exec(text)
  return found ? { deployment: found[1]!, seq: null } : null
}
