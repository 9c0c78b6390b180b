import { Card } from '@/components/ui/card'
import { JsonViewer } from '@/components/ui/json-viewer'
import type { Verification } from '@/lib/upstream/schemas'

/** Members shown elsewhere on the page, or deliberately left out (settings belong to the profile page). */
const SHOWN = new Set([
  'id',
  'applicant_id',
  'status',
  'checks',
  'created_at',
  'verification_url',
  'verification_url_id',
  'expires_at',
  'is_sandbox',
  'profile_id',
  'settings',
  'documents',
  'completed_at',
  'country_code',
  'poi_data',
  'aml_search_id',
  'manual_fields',
  'custom_files',
])

/**
 * Members beyond the reference (real payloads add duplicated_applicant_ids, document_ids,
 * organization_id, ...): shown as sent so nothing the upstream says is hidden.
 */
export function OtherFieldsCard({ verification }: { verification: Verification }) {
  const extra = Object.fromEntries(
    Object.entries(verification).filter(([key, value]) => !SHOWN.has(key) && value !== undefined),
  )
  if (Object.keys(extra).length === 0) return null
  return (
    <Card id="other-fields" title="Other fields">
      <JsonViewer value={extra} label="other fields" defaultDepth={2} />
    </Card>
  )
}
