import type { ReactNode } from 'react'

import { Card } from '@/components/ui/card'
import { CustomFiles } from '@/components/verifications/custom-files'
import { ManualFields } from '@/components/verifications/manual-fields'
import { MrzFields } from '@/components/verifications/mrz-fields'
import { PoiFields } from '@/components/verifications/poi-fields'
import type { MrzData, Verification } from '@/lib/upstream/schemas'
import { countryLabel } from '@/lib/util/countries'
import { parseTimestamp } from '@/lib/util/time'

/** Everything the verification collected about the applicant, each source in its own block. */
export function IdentityDataCard({ verification: v }: { verification: Verification }) {
  // MRZ centuries are chosen against when the document was read, not against today.
  // oxlint-disable-next-line react/purity -- a server component: it renders once per request
  const reference = parseTimestamp(v.created_at) ?? new Date()
  const mrz = mrzOf(v.checks?.document_mrz?.data)
  const customSettings = v.settings?.manual_field_settings?.custom_fields ?? []
  const hasCustomFiles = v.custom_files && Object.keys(v.custom_files).length > 0
  const empty = !v.country_code && !mrz && !v.poi_data && !v.manual_fields && !hasCustomFiles
  return (
    <Card id="identity-data" title="Identity data">
      {empty && <p className="text-faint">No identity data collected yet.</p>}
      {v.country_code && (
        <p className="mb-3">
          <span className="text-faint">Country </span>
          {countryLabel(v.country_code)}
        </p>
      )}
      <div className="space-y-4">
        {(mrz || v.poi_data) && (
          // Side by side, so the document's MRZ and its visual zone can be compared line by line.
          <div className="grid gap-4 xl:grid-cols-2">
            {mrz && (
              <Block title="MRZ" source="checks.document_mrz.data">
                <MrzFields mrz={mrz} reference={reference} />
              </Block>
            )}
            {v.poi_data && (
              <Block title="Proof of identity" source="poi_data">
                <PoiFields poi={v.poi_data} />
              </Block>
            )}
          </div>
        )}
        {v.manual_fields && (
          <Block title="Manual fields" source="manual_fields">
            <ManualFields fields={v.manual_fields} customFieldSettings={customSettings} />
          </Block>
        )}
        {v.custom_files && hasCustomFiles && (
          <Block title="Custom files" source="custom_files">
            <CustomFiles files={v.custom_files} customFieldSettings={customSettings} />
          </Block>
        )}
      </div>
    </Card>
  )
}

function Block({
  title,
  source,
  children,
}: {
  title: string
  source?: string
  children: ReactNode
}) {
  return (
    <section aria-label={title}>
      <h3 className="mb-1.5 flex items-baseline gap-2 text-xs font-semibold tracking-wide text-faint uppercase">
        {title}
        {source && (
          <code className="font-mono text-[11px] font-normal tracking-normal normal-case">
            {source}
          </code>
        )}
      </h3>
      {children}
    </section>
  )
}

function mrzOf(data: unknown): MrzData | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null
  return Object.keys(data).length > 0 ? (data as MrzData) : null
}
