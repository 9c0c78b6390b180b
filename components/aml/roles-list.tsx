import { countryLabel } from '@/lib/util/countries'

/** Political roles or occupations, each with its country. */
export function RolesList({
  items,
}: {
  items: readonly { label: string | null | undefined; country: string | null | undefined }[]
}) {
  return (
    <ul>
      {items.map((item, index) => (
        <li key={index}>
          {item.label || '—'}
          {item.country && (
            <span className="ml-2 text-xs text-faint">{countryLabel(item.country)}</span>
          )}
        </li>
      ))}
    </ul>
  )
}
