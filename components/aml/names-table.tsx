import { IdentityValue } from '@/components/ui/identity-value'
import type { AmlMatchFields } from '@/lib/upstream/schemas'

type Name = NonNullable<AmlMatchFields['names']>[number]

/** Every spelling of the name, with its language; the parts when the upstream splits them. */
export function NamesTable({ names }: { names: readonly Name[] }) {
  return (
    <table className="w-full text-left text-sm">
      <thead className="sr-only">
        <tr>
          <th>Name</th>
          <th>Language</th>
        </tr>
      </thead>
      <tbody>
        {names.map((name, index) => {
          const parts = [name.first_name, name.middle_name, name.last_name]
            .filter(Boolean)
            .join(' · ')
          return (
            <tr key={index} className="align-baseline">
              <td className="py-0.5 pr-3">
                <span lang={name.lang ?? undefined}>
                  <IdentityValue value={name.full_name || parts} kind="name" />
                </span>
                {name.full_name && parts && (
                  <span className="ml-2 text-xs text-faint">
                    <IdentityValue value={parts} kind="name" />
                  </span>
                )}
              </td>
              <td className="w-12 py-0.5 text-xs text-faint uppercase">{name.lang}</td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
