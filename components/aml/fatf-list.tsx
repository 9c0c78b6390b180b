import { ExternalLink } from '@/components/aml/detail-section'
import type { FatfRecord } from '@/lib/upstream/schemas'
import { countryLabel } from '@/lib/util/countries'

/** FATF records: the country, what FATF says about it, and the FATF page. */
export function FatfList({ records }: { records: readonly FatfRecord[] }) {
  return (
    <ul className="space-y-1">
      {records.map((record, index) => (
        <li key={index} className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-medium">
            {record.country ? countryLabel(record.country) : 'Country not given'}
          </span>
          {record.description && <span className="text-muted">{record.description}</span>}
          {record.url && <ExternalLink href={record.url}>FATF page</ExternalLink>}
        </li>
      ))}
    </ul>
  )
}
