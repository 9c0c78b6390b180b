import 'server-only'

import { timed } from '@/lib/api/server-timing'
import { audit, type AuditResource } from '@/lib/audit/record'
import { UpstreamError } from '@/lib/upstream/errors'

import { AuthRequiredError } from './errors'
import { getViewer } from './session'

/*
 * The choke point every read of upstream data passes through (lib/upstream/reads.ts calls it),
 * whoever asks: a page, an RSC request, a route handler. No valid session, no data, whatever
 * proxy.ts did or did not do; every read, allowed or not, leaves one audit line.
 */
export async function guardedRead<T>(resource: AuditResource, read: () => Promise<T>): Promise<T> {
  const viewer = await timed('session', getViewer)
  if (!viewer) {
    await audit(null, 'view', resource, 'denied')
    throw new AuthRequiredError()
  }
  let data: T
  try {
    data = await read()
  } catch (error) {
    await audit(viewer, 'view', resource, error instanceof UpstreamError ? error.kind : 'error')
    throw error
  }
  await timed('audit', () => audit(viewer, 'view', resource, 'ok'))
  return data
}
