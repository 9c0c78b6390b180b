import { NoValue } from '@/components/ui/no-value'
import type { CheckError } from '@/lib/upstream/schemas'
import { errorCategory } from '@/lib/verifications/error-codes'

/** Each error with its code, the category of the code's range and the upstream's message. */
export function CheckErrors({ errors }: { errors: readonly CheckError[] }) {
  return (
    <table className="w-full text-left text-sm">
      <thead className="sr-only">
        <tr>
          <th scope="col">Code</th>
          <th scope="col">Category</th>
          <th scope="col">Message</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-red-100 dark:divide-red-950">
        {errors.map((error, index) => {
          const category = errorCategory(error.code)
          return (
            <tr key={`${String(error.code)}-${index}`} className="align-baseline">
              <td className="w-14 py-1 pr-3 font-mono text-xs font-semibold text-red-800 dark:text-red-300">
                {error.code ?? '—'}
              </td>
              <td className="hidden w-48 py-1 pr-3 text-xs text-muted sm:table-cell">
                {category?.label ?? 'Uncategorised code'}
              </td>
              <td className="py-1">
                {error.message ?? <NoValue>no message</NoValue>}
                {/* On a phone the category sits under the message instead of in its own column. */}
                <span className="block text-xs text-muted sm:hidden">
                  {category?.label ?? 'Uncategorised code'}
                </span>
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
