import { SourceLine } from '@/components/aml/sources-list'
import { formatDateRange } from '@/lib/aml/format'
import type { AmlCompany } from '@/lib/upstream/schemas'
import { countryLabel } from '@/lib/util/countries'

/** Companies and enterprises, or owners and beneficiaries: one row each, dense. */
export function CompanyTable({
  companies,
  label,
}: {
  companies: readonly AmlCompany[]
  label: string
}) {
  return (
    <div className="overflow-x-auto">
      <table aria-label={label} className="w-full min-w-[40rem] text-left text-xs">
        <thead className="text-faint">
          <tr className="border-b border-line">
            <th className="py-1 pr-3 font-medium">Name</th>
            <th className="py-1 pr-3 font-medium">Role</th>
            <th className="py-1 pr-3 font-medium">Ownership</th>
            <th className="py-1 pr-3 font-medium">Dates</th>
            <th className="py-1 font-medium">Additional source</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-hairline align-top">
          {companies.map((company, index) => (
            <tr key={index}>
              <td className="py-1 pr-3">
                <span className="text-sm font-medium">{company.name || '—'}</span>
                <span className="block text-faint">
                  {[company.reference, company.country && countryLabel(company.country)]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </td>
              <td className="py-1 pr-3">{company.role || '—'}</td>
              <td className="py-1 pr-3 tabular-nums">{ownership(company) || '—'}</td>
              <td className="py-1 pr-3 whitespace-nowrap">{dates(company) || '—'}</td>
              <td className="py-1">
                {company.additional_source ? (
                  <SourceLine source={company.additional_source} />
                ) : (
                  '—'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function ownership(company: AmlCompany) {
  const percentage =
    company.ownership_percentage != null && company.ownership_percentage !== ''
      ? `${company.ownership_percentage}%`
      : ''
  const value =
    company.ownership_value != null && company.ownership_value !== ''
      ? [company.ownership_value, company.currency].filter(Boolean).join(' ')
      : ''
  return [percentage, value].filter(Boolean).join(' · ')
}

function dates(company: AmlCompany) {
  const start = formatDateRange(company.start_date)
  const end = formatDateRange(company.end_date)
  if (start && end) return `${start} → ${end}`
  if (start) return `since ${start}`
  if (end) return `until ${end}`
  return ''
}
