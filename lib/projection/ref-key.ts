import 'server-only'

import { hkdfSync } from 'node:crypto'

import { appAuditKey } from '@/lib/audit/app-trail'
import { requireViewer } from '@/lib/auth/session'
import { analystId, type Viewer } from '@/lib/auth/viewer'
import { getEnv } from '@/lib/env'
import type { RefKey } from '@/lib/projection/record-ref'
import { hmacSha256 } from '@/lib/util/hmac'

/*
 * The keys masked values' references are signed with. The server's key is REVEAL_REF_KEY, else
 * derived (HKDF, a purpose of its own) from the audit trail's key, which every instance shares
 * (AUDIT_HMAC_KEY, SESSION_SECRET, or a single embedded server's key file): a reference made on
 * one instance is revealed on another. Each viewer signs with the server's key bound to their
 * identity (issuer and subject) and their session, so what one analyst's page holds reveals
 * nothing to another analyst, nor after the session has ended.
 */

const KEY = Symbol.for('verity.reveal-ref-key')
const shared = globalThis as typeof globalThis & { [KEY]?: Uint8Array }

function serverKey(): Uint8Array {
  return (shared[KEY] ??= new Uint8Array(
    hkdfSync(
      'sha256',
      getEnv().REVEAL_REF_KEY ?? appAuditKey(),
      'verity',
      'verity reveal reference v1',
      32,
    ),
  ))
}

/** The key of `viewer`'s references: the server's, bound to the analyst and their session. */
export function refKeyOf(viewer: Viewer, server: Uint8Array = serverKey()): RefKey {
  return hmacSha256(server)
    .update(`${analystId(viewer)}\n${viewer.session ?? ''}`)
    .digest()
}

/** The key of this request's viewer; a read has already refused a request without one. */
export async function viewerRefKey(): Promise<RefKey> {
  const viewer = await requireViewer()
  return refKeyOf(viewer)
}
