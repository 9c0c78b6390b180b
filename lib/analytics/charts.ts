import 'server-only'

import { BarChart, LineChart } from 'echarts/charts'
import { GridComponent, LegendComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { SVGRenderer } from 'echarts/renderers'

/*
 * Charts drawn on the server as SVG by Apache ECharts (docs/analytics.md says why): the page is
 * readable without JavaScript and paints without hydration. Colours are CSS variables and text is
 * currentColor (app/globals.css), so one drawing serves both themes. Each bar that counts
 * something a list can show is wrapped in a link to that list; the links are out of the tab order
 * because the chart's table, next to it, carries the same links for keyboards and screen readers.
 */

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, SVGRenderer])

export type Series = {
  name: string
  /** A CSS colour; var(--chart-…) keeps it themed. */
  color: string
  data: (number | null)[]
  /** Where each bar's link goes, by index; null for none. */
  links?: (string | null)[]
  /** Drawn dashed, for a second measure of the same thing (a 90th percentile beside a median). */
  dashed?: boolean
}

export type ChartSpec = {
  kind: 'bar' | 'line'
  categories: string[]
  series: Series[]
  stacked?: boolean
  /** Axis names with their units. */
  xName: string
  yName: string
  /** Labels on the category axis: shortened dates read better than full ones. */
  formatCategory?: (category: string) => string
  /** Bars drawn across (long category names, few of them). */
  horizontal?: boolean
}

export type ChartSize = { width: number; height: number }

const AXIS = 'var(--chart-axis)'
const GRID = 'var(--chart-grid)'

export function renderChart(spec: ChartSpec, size: ChartSize): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, ...size })
  const narrow = size.width < 480
  const categoryAxis = {
    type: 'category' as const,
    data: spec.categories.map(spec.formatCategory ?? ((c) => c)),
    name: spec.horizontal ? undefined : spec.xName,
    nameLocation: 'middle' as const,
    nameGap: spec.horizontal ? 0 : 26,
    axisLine: { lineStyle: { color: AXIS } },
    axisTick: { show: false },
    // Every row of a horizontal chart is labelled (the card gives it the height); days and weeks
    // along the bottom may skip labels that would overlap.
    axisLabel: {
      color: 'currentColor',
      fontSize: narrow ? 10 : 11,
      hideOverlap: !spec.horizontal,
      interval: spec.horizontal ? 0 : ('auto' as const),
    },
    nameTextStyle: { color: 'currentColor', fontSize: 11 },
  }
  const valueAxis = {
    type: 'value' as const,
    name: spec.horizontal ? spec.xName : spec.yName,
    nameLocation: spec.horizontal ? ('middle' as const) : ('end' as const),
    nameGap: spec.horizontal ? 26 : 10,
    minInterval: spec.kind === 'bar' ? 1 : 0,
    splitLine: { lineStyle: { color: GRID } },
    axisLabel: { color: 'currentColor', fontSize: narrow ? 10 : 11 },
    nameTextStyle: { color: 'currentColor', fontSize: 11, align: 'left' as const },
  }
  chart.setOption({
    animation: false,
    textStyle: { fontFamily: 'ui-sans-serif, system-ui, sans-serif', color: 'currentColor' },
    legend: {
      show: spec.series.length > 1,
      top: 0,
      left: 0,
      right: 0,
      itemWidth: 10,
      itemHeight: 10,
      // Labels are measured with a narrower font than the page's: the gap keeps them apart.
      itemGap: 18,
      textStyle: { color: 'currentColor', fontSize: 11 },
    },
    grid: {
      // Text is measured with a generic font on the server; the room to the left absorbs the difference.
      left: spec.horizontal ? 20 : 8,
      right: 16,
      top: spec.series.length > 2 && narrow ? 62 : spec.series.length > 1 ? 44 : 30,
      bottom: spec.horizontal ? 34 : 32,
      containLabel: true,
    },
    xAxis: spec.horizontal ? valueAxis : categoryAxis,
    yAxis: spec.horizontal ? { ...categoryAxis, inverse: true } : valueAxis,
    series: spec.series.map((series) => ({
      type: spec.kind,
      name: series.name,
      data: series.data,
      stack: spec.stacked ? 'total' : undefined,
      color: series.color,
      barMaxWidth: 28,
      connectNulls: false,
      symbolSize: 5,
      lineStyle: { width: 2, type: series.dashed ? 'dashed' : 'solid' },
    })),
  })
  const svg = chart.renderToSVGString()
  chart.dispose()
  return linkBars(svg, spec.series)
}

/** Wraps each bar ECharts marked with its series and index in a link, where it has one. */
function linkBars(svg: string, series: Series[]): string {
  return svg.replace(
    /<path [^>]*ecmeta_series_index="(\d+)" ecmeta_data_index="(\d+)"[^>]*><\/path>/g,
    (path, seriesIndex: string, dataIndex: string) => {
      const href = series[Number(seriesIndex)]?.links?.[Number(dataIndex)]
      return href ? `<a href="${escapeAttribute(href)}" tabindex="-1">${path}</a>` : path
    },
  )
}

function escapeAttribute(text: string) {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
}
