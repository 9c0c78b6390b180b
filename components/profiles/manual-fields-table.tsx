import { OnOff } from '@/components/profiles/on-off'
import { CompactTable, compactCell as cell } from '@/components/ui/compact-table'
import { NoValue } from '@/components/ui/no-value'
import type { ManualFieldRow } from '@/lib/profiles/manual-fields'

/** Field settings in the order the applicant sees them; `changed` rows are marked. */
export function ManualFieldsTable({
  rows,
  changed,
}: {
  rows: ManualFieldRow[]
  changed?: Set<string>
}) {
  if (rows.length === 0) return <p className="text-faint">No standard fields configured.</p>
  return (
    <CompactTable
      columns={['Order', 'Field', 'Enabled', 'Optional', 'Caption shown to the applicant']}
    >
      {rows.map((row) => (
        <tr
          key={row.key}
          className={changed?.has(row.key) ? 'bg-amber-50 dark:bg-amber-950/40' : undefined}
        >
          <td className={`${cell} text-faint tabular-nums`}>{row.order ?? '—'}</td>
          <th scope="row" className={`${cell} text-left font-medium whitespace-nowrap`}>
            {row.name}
            {changed?.has(row.key) && <ChangedMark />}
          </th>
          <td className={cell}>
            <OnOff value={row.enabled} />
          </td>
          <td className={cell}>
            <OnOff value={row.optional} />
          </td>
          <td className={`${cell} break-words`}>{row.caption ?? <NoValue />}</td>
        </tr>
      ))}
    </CompactTable>
  )
}

export function ChangedMark() {
  return (
    <span
      className="ml-1.5 text-xs font-normal text-amber-800 dark:text-amber-300"
      title="Differs from the profile's setting"
    >
      (changed)
    </span>
  )
}
