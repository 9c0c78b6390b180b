import { TableFrame } from '@/components/profiles/profile-table'
import { Skeleton } from '@/components/ui/skeleton'

const widths = ['w-48', 'w-4', 'w-4', 'w-4', 'w-16', 'w-32', 'w-14', 'w-20', 'w-20']

export function ProfileTableSkeleton({ rows = 10 }: { rows?: number }) {
  return (
    <div role="status" aria-label="Loading profiles">
      <TableFrame busy>
        {Array.from({ length: rows }, (_, row) => (
          <tr key={row}>
            {widths.map((width, column) => (
              <td key={column} className="px-3 py-2">
                <Skeleton className={`h-4 ${width} ${column > 0 && column < 4 ? 'mx-auto' : ''}`} />
              </td>
            ))}
          </tr>
        ))}
      </TableFrame>
    </div>
  )
}
