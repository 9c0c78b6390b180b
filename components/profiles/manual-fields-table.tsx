import { OnOff } from '@/components/profiles/on-off'
import type { ManualFieldRow } from '@/lib/profiles/manual-fields'

const head = 'px-2 py-1 text-left text-xs font-medium text-zinc-500 dark:text-zinc-400'
const cell = 'px-2 py-1 align-top'

/** Field settings in the order the applicant sees them; `changed` rows are marked. */
export function ManualFieldsTable({
  rows,
  changed,
}: {
  rows: ManualFieldRow[]
  changed?: Set<string>
}) {
  if (rows.length === 0)
    return <p className="text-zinc-500 dark:text-zinc-400">No standard fields configured.</p>
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead className="border-b border-zinc-200 dark:border-zinc-800">
          <tr>
            <th scope="col" className={`${head} w-12`}>
              Order
            </th>
            <th scope="col" className={head}>
              Field
            </th>
            <th scope="col" className={head}>
              Enabled
            </th>
            <th scope="col" className={head}>
              Optional
            </th>
            <th scope="col" className={head}>
              Caption shown to the applicant
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {rows.map((row) => (
            <tr
              key={row.key}
              className={changed?.has(row.key) ? 'bg-amber-50 dark:bg-amber-950/40' : undefined}
            >
              <td className={`${cell} text-zinc-500 tabular-nums dark:text-zinc-400`}>
                {row.order ?? '—'}
              </td>
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
              <td className={`${cell} break-words`}>
                {row.caption ?? <span className="text-zinc-400">—</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
