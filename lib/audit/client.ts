import type { AUDITED_RESOURCE_TYPES, EXPORT_FORMATS } from './request'
import type { MaskedKind } from '@/lib/auth/mask'

/*
 * Browser side of the audit trail: reveals of masked values and exports are recorded on the
 * server before they happen. Resolves false when the record could not be written, in which
 * case the caller must not reveal or export.
 */

export type AuditedResource = { type: (typeof AUDITED_RESOURCE_TYPES)[number]; id: string | null }

export type AuditRequest =
  | { action: 'reveal'; resource: AuditedResource; field: MaskedKind }
  | { action: 'export'; resource: AuditedResource; field?: (typeof EXPORT_FORMATS)[number] }

export async function recordAudit(request: AuditRequest): Promise<boolean> {
  try {
    const response = await fetch(`/api/audit/${request.action}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        resourceType: request.resource.type,
        resourceId: request.resource.id,
        field: request.field,
      }),
    })
    return response.ok
  } catch {
    return false
  }
}
