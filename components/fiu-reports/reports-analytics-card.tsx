import { Card } from '@/components/ui/card'
import { CompactTable, compactCell } from '@/components/ui/compact-table'

/** Reports to the FIU per week and the median days from decision to filing, for leads. */
export function ReportsAnalyticsCard({
  figures,
}: {
  figures: {
    weeks: { week: string; drafted: number; approved: number; filed: number }[]
    filed: number
    medianDaysToFile: number | null
  }
}) {
  return (
    <Card id="reports-analytics" title="Reports to the FIU (leads only)">
      <p className="mb-2 text-muted" data-testid="reports-median">
        {figures.medianDaysToFile === null
          ? 'No report was filed in this period.'
          : `${figures.filed} filed; median ${figures.medianDaysToFile.toFixed(1)} days from the decision to the filing.`}
      </p>
      {figures.weeks.length === 0 ? (
        <p className="text-muted">No report was drafted, approved or filed in this period.</p>
      ) : (
        <CompactTable
          caption="Per week (from Monday, UTC)"
          columns={['Week', 'Drafted', 'Approved', 'Filed']}
        >
          {figures.weeks.map((week) => (
            <tr key={week.week}>
              <td className={`${compactCell} font-mono`}>{week.week}</td>
              <td className={compactCell}>{week.drafted}</td>
              <td className={compactCell}>{week.approved}</td>
              <td className={compactCell}>{week.filed}</td>
            </tr>
          ))}
        </CompactTable>
      )}
    </Card>
  )
}
