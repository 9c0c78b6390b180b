import { CompactTable, compactCell as cell } from '@/components/ui/compact-table'
import { NoValue } from '@/components/ui/no-value'
import type { CustomField } from '@/lib/upstream/schemas'

/** Extra questions the profile adds, with their answer type and choices. */
export function CustomFieldsTable({ fields }: { fields: CustomField[] }) {
  if (fields.length === 0) return <p className="text-faint">No custom fields.</p>
  return (
    <CompactTable
      caption="Custom fields"
      columns={['Order', 'Label', 'Caption', 'Type', 'Choices']}
    >
      {fields.map((field, index) => (
        <tr key={`${field.label ?? ''}-${index}`}>
          <td className={`${cell} text-faint tabular-nums`}>{field.order ?? '—'}</td>
          <td className={`${cell} font-mono text-xs leading-5 break-all`}>{field.label ?? '—'}</td>
          <td className={`${cell} break-words`}>{field.caption ?? '—'}</td>
          <td className={`${cell} text-muted`}>{field.options?.type ?? '—'}</td>
          <td className={cell}>
            {field.options?.choices?.length ? (
              <ul className="flex flex-wrap gap-1">
                {field.options.choices.map((choice, i) => (
                  <li key={i} className="rounded bg-subtle px-1.5 text-xs leading-5">
                    {choice}
                  </li>
                ))}
              </ul>
            ) : (
              <NoValue />
            )}
          </td>
        </tr>
      ))}
    </CompactTable>
  )
}
