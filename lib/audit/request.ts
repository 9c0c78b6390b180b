import { z } from 'zod'

import { MASKED_KINDS } from '@/lib/auth/mask'

export const AUDITED_RESOURCE_TYPES = [
  'profile',
  'profile_list',
  'verification',
  'aml_search',
  'webhook_history',
] as const
export const EXPORT_FORMATS = ['json', 'csv', 'pdf', 'print'] as const

/** What the browser may ask to record: ids and kinds only, so no personal value can slip in. */
export function auditRequestSchema(action: 'reveal' | 'export') {
  return z.object({
    resourceType: z.enum(AUDITED_RESOURCE_TYPES, {
      error: 'resourceType is not an audited resource',
    }),
    resourceId: z
      .string()
      .regex(/^[A-Za-z0-9_.:=,-]{1,80}$/, 'resourceId must be an id')
      .nullable()
      .default(null),
    field:
      action === 'reveal'
        ? z.enum(MASKED_KINDS, { error: 'field must be the kind of a masked value' })
        : z.enum(EXPORT_FORMATS, { error: 'field must be an export format' }).default('json'),
  })
}
