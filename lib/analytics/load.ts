import 'server-only'

import { redirect } from 'next/navigation'

import { audit } from '@/lib/audit/record'
import { getViewer } from '@/lib/auth/session'
import type { Viewer } from '@/lib/auth/viewer'
import { actorOf } from '@/lib/cases/settings'
import { readMirrorStatus, type MirrorStatus } from '@/lib/history-mirror/status'
import { signInPath } from '@/lib/routes'
import { getStore } from '@/lib/store/store'

import {
  analyticsSearchParams,
  parseAnalyticsParams,
  type AnalyticsParams,
  type ChartKey,
} from './params'
import { readFigures } from './report'
import { chartTables, type AnalyticsFigures, type ChartTable } from './tables'

export type AnalyticsLoad =
  | { ok: false; problems: string[] }
  | {
      ok: true
      params: AnalyticsParams
      figures: AnalyticsFigures
      tables: ChartTable[]
      lead: boolean
      mirror: MirrorStatus
      now: Date
    }

async function read(viewer: Viewer, search: Record<string, string | string[] | undefined>) {
  const now = new Date()
  const parsed = parseAnalyticsParams(search, now)
  if (!parsed.ok) return parsed
  // The per-analyst table is for leads, as assigning cases is (lib/cases/settings.ts), and auditors.
  const actor = actorOf(viewer)
  const lead = actor.lead || actor.auditor === true
  const { db } = await getStore()
  const figures = await readFigures(db, parsed.range, { now, lead })
  return {
    ok: true as const,
    params: parsed.range.params,
    figures,
    tables: chartTables(parsed.range.params, figures),
    lead,
    now,
  }
}

/** The /analytics page's read; looking at it is recorded first, as the queue's is. */
export async function loadAnalyticsPage(
  search: Record<string, string | string[] | undefined>,
): Promise<AnalyticsLoad> {
  const viewer = await getViewer()
  if (!viewer) redirect(signInPath)
  const parsed = parseAnalyticsParams(search)
  await audit(
    viewer,
    'view',
    {
      type: 'analytics',
      id: parsed.ok ? analyticsSearchParams(parsed.range.params).toString() || null : null,
    },
    parsed.ok ? 'ok' : 'invalid',
  )
  const result = await read(viewer, search)
  if (!result.ok) return result
  return { ...result, mirror: await readMirrorStatus() }
}

export type AnalyticsCsv =
  | { ok: false; problems: string[] }
  | { ok: true; params: AnalyticsParams; tables: ChartTable[] }

/**
 * The tables of a CSV download; the download is audited before anything is read, and a download
 * whose audit line cannot be written does not happen (audit() rejects).
 */
export async function loadAnalyticsCsv(
  viewer: Viewer,
  search: Record<string, string | string[] | undefined>,
  chart: ChartKey | null,
): Promise<AnalyticsCsv> {
  const parsed = parseAnalyticsParams(search)
  if (!parsed.ok) return parsed
  const query = analyticsSearchParams(parsed.range.params)
  query.set('chart', chart ?? 'all')
  await audit(viewer, 'export', { type: 'analytics', id: query.toString() }, 'ok', 'csv')
  const result = await read(viewer, search)
  if (!result.ok) return result
  const tables = chart ? result.tables.filter((table) => table.key === chart) : result.tables
  return { ok: true, params: result.params, tables }
}
