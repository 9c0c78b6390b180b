import { Card } from '@/components/ui/card'
import { NoValue } from '@/components/ui/no-value'
import { countryName } from '@/lib/util/countries'

export function ProfileCountriesCard({ codes }: { codes: readonly string[] | null | undefined }) {
  const count = codes?.length ?? 0
  return (
    <Card title={count > 0 ? `Countries (${count})` : 'Countries'} id="countries">
      {count === 0 ? (
        <p className="text-faint">No countries listed.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-x-4 gap-y-0.5 sm:grid-cols-2 lg:grid-cols-4">
          {codes?.map((code, index) => (
            <li key={`${code}-${index}`} className="flex items-baseline gap-2">
              <span className="w-7 shrink-0 font-mono text-xs text-faint">{code}</span>
              <span className="min-w-0 truncate">
                {countryName(code) ?? <NoValue>Unknown code</NoValue>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
