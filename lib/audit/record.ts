import 'server-only'

import { randomUUID } from 'node:crypto'

import { headers } from 'next/headers'
import { cache } from 'react'

import { requestScope, type RequestScope } from '@/lib/api/request-scope'
import { analystId, viewerLabel, type Viewer } from '@/lib/auth/viewer'

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
  return writer.append(
    entry(viewer, action, { resource, outcome, field, reason }, await requestIds()),
  )
}

type WorkEntry = { resource: AuditResource; outcome: string; field?: string; reason?: string }

/**
 * Appends a row for each entry of work no request asked for (the cases a mirror page made), under
 * one request id, so that work's rows read together; resolves once all are committed. Queued
 * together, the writer commits them in batches.
 */
export async function auditWork(
  viewer: Viewer,
  action: AuditAction,
  entries: readonly WorkEntry[],
) {
  const { writer } = await appTrail()
  const ids = { requestId: randomUUID() }
  await Promise.all(entries.map((work) => writer.append(entry(viewer, action, work, ids))))
}

function entry(
  viewer: Viewer | null,
  action: AuditAction,
  { resource, outcome, field, reason }: WorkEntry,
  ids: { requestId: string; clientRequestId?: string },
) {
  return {
    time: new Date().toISOString(),
    user: viewer ? viewerLabel(viewer) : 'unauthenticated',
    analystId: viewer ? analystId(viewer) : undefined,
    action,
    resource,
    field,
    reason,
    ...ids,
    outcome,
  }
}

// What this request has already read and audited: by the API request's scope, or React's
// per-request cache while a page renders.
type Reads = Map<string, Promise<unknown>>
const readsOfScope = new WeakMap<RequestScope, Reads>()
const readsOfRender = cache((): Reads => new Map())

function readsOfRequest() {
  const scope = requestScope()
  if (!scope) return readsOfRender()
  let reads = readsOfScope.get(scope)
  if (!reads) readsOfScope.set(scope, (reads = new Map<string, Promise<unknown>>()))
  return reads
}

/**
 * Audits a read of what analysts wrote about a record (`field`: its notes or decisions; none for a
 * case, which is analysts' work itself) as a view of it, once per request however often the
 * request reads it. Every poll is a request of its own and is audited.
 */
export async function auditRead(viewer: Viewer, resource: AuditResource, field?: string) {
  const reads = readsOfRequest()
  const key = `${resource.type} ${resource.id ?? ''} ${field ?? ''}`
  let written = reads.get(key)
  if (!written) reads.set(key, (written = audit(viewer, 'view', resource, 'ok', field)))
  await written
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
      analystId: analystId(viewer),
      action,
      resource,
      field,
      ...(reason ? { reason } : {}),
      ...ids,
      outcome: 'ok',
    }
  })
}
