import 'server-only'

import { randomUUID } from 'node:crypto'

import { headers } from 'next/headers'

import { requestScope } from '@/lib/api/request-scope'
import { viewerLabel, type Viewer } from '@/lib/auth/viewer'

import { appTrail } from './app-trail'
import type { AuditAction } from './chain'
import { CLIENT_REQUEST_ID_HEADER, clientRequestId, serverRequestId } from './request-id'

export type AuditResource = { type: string; id: string | null }

/**
 * The id proxy.ts or the API's gate gave this request, so audit lines match access logs (a fresh
 * one when there is none, or it is not one of the server's), and the client's own id apart, when
 * it sent one.
 */
async function requestIds(): Promise<{ requestId: string; clientRequestId?: string }> {
  const scoped = requestScope()
  if (scoped) {
    const { requestId, clientRequestId } = scoped
    return clientRequestId ? { requestId, clientRequestId } : { requestId }
  }
  let incoming: Awaited<ReturnType<typeof headers>>
  try {
    incoming = await headers()
  } catch {
    // Outside a request (scripts, unit tests, the session purge) there are no headers.
    return { requestId: randomUUID() }
  }
  const client = clientRequestId(incoming.get(CLIENT_REQUEST_ID_HEADER))
  return {
    requestId: serverRequestId(incoming.get('x-request-id')) ?? randomUUID(),
    ...(client ? { clientRequestId: client } : {}),
  }
}

/** Appends one row to the audit trail and resolves once it is committed; rejects otherwise. */
export async function audit(
  viewer: Viewer | null,
  action: AuditAction,
  resource: AuditResource,
  outcome: string,
  field?: string,
  reason?: string,
) {
  const { writer } = await appTrail()
  return writer.append({
    time: new Date().toISOString(),
    user: viewer ? viewerLabel(viewer) : 'unauthenticated',
    action,
    resource,
    field,
    reason,
    ...(await requestIds()),
    outcome,
  })
}

/**
 * Appends the row `make` returns for its own sequence number, for a file that must name the row
 * that records it (lib/evidence/make.ts). Rejects, and nothing is recorded, when `make` throws.
 */
export async function auditMade(
  viewer: Viewer,
  action: AuditAction,
  resource: AuditResource,
  make: (seq: number) => Promise<{ field: string; reason?: string | undefined }>,
) {
  const { writer } = await appTrail()
  const ids = await requestIds()
  return writer.appendMade(async (seq) => {
    const { field, reason } = await make(seq)
    return {
      time: new Date().toISOString(),
      user: viewerLabel(viewer),
      action,
      resource,
      field,
      ...(reason ? { reason } : {}),
      ...ids,
      outcome: 'ok',
    }
  })
}
