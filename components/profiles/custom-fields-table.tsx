import type { CustomField } from '@/lib/upstream/schemas'

const head = 'px-2 py-1 text-left text-xs font-medium text-zinc-500 dark:text-zinc-400'
const cell = 'px-2 py-1 align-top'

/** Extra questions the profile adds, with their answer type and choices. */
export function CustomFieldsTable({ fields }: { fields: CustomField[] }) {
  if (fields.length === 0)
    return <p className="text-zinc-500 dark:text-zinc-400">No custom fields.</p>
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="pb-1 text-left text-xs font-semibold text-zinc-700 dark:text-zinc-300">
          Custom fields
        </caption>
        <thead className="border-b border-zinc-200 dark:border-zinc-800">
          <tr>
            <th scope="col" className={`${head} w-12`}>
              Order
            </th>
            <th scope="col" className={head}>
              Label
            </th>
            <th scope="col" className={head}>
              Caption
            </th>
            <th scope="col" className={head}>
              Type
            </th>
            <th scope="col" className={head}>
              Choices
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {fields.map((field, index) => (
            <tr key={`${field.label ?? ''}-${index}`}>
              <td className={`${cell} text-zinc-500 tabular-nums dark:text-zinc-400`}>
                {field.order ?? '—'}
              </td>
              <td className={`${cell} font-mono text-xs leading-5 break-all`}>
                {field.label ?? '—'}
              </td>
              <td className={`${cell} break-words`}>{field.caption ?? '—'}</td>
              <td className={`${cell} text-zinc-600 dark:text-zinc-400`}>
                {field.options?.type ?? '—'}
              </td>
              <td className={cell}>
                {field.options?.choices?.length ? (
                  <ul className="flex flex-wrap gap-1">
                    {field.options.choices.map((choice, i) => (
                      <li
                        key={i}
                        className="rounded bg-zinc-100 px-1.5 text-xs leading-5 dark:bg-zinc-800"
                      >
                        {choice}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <span className="text-zinc-400">—</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
