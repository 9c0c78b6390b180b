import 'server-only'

import { randomUUID } from 'node:crypto'

import { headers } from 'next/headers'

import { viewerLabel, type Viewer } from '@/lib/auth/viewer'

import { appTrail } from './app-trail'
import type { AuditAction } from './chain'

export type AuditResource = { type: string; id: string | null }

/** The id proxy.ts gave this request, so audit lines match access logs; a fresh one otherwise. */
async function requestId() {
  try {
    return (await headers()).get('x-request-id') ?? randomUUID()
  } catch {
    // Outside a request (scripts, unit tests, the session purge) there are no headers.
    return randomUUID()
  }
}

/** Appends one row to the audit trail and resolves once it is committed; rejects otherwise. */
export async function audit(
  viewer: Viewer | null,
  action: AuditAction,
  resource: AuditResource,
  outcome: string,
  field?: string,
) {
  const { writer } = await appTrail()
  return writer.append({
    time: new Date().toISOString(),
    user: viewer ? viewerLabel(viewer) : 'unauthenticated',
    action,
    resource,
    field,
    requestId: await requestId(),
    outcome,
  })
}
