import type { AnalyticsParams } from '@/lib/analytics/params'
import type { ChartTable } from '@/lib/analytics/tables'
import type { AnalyticsTotals } from '@/lib/analytics/totals'

/** What every chart card is given: its table, the page's period and filters, the totals. */
export type CardProps = { table: ChartTable; params: AnalyticsParams; totals: AnalyticsTotals }
