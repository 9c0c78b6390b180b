import 'server-only'

import { randomBytes } from 'node:crypto'

import { sql, type Kysely } from 'kysely'

import { ProblemError } from '@/lib/api/problem-error'
import { reasonDigest } from '@/lib/audit/reason-digest'
import { audit } from '@/lib/audit/record'
import { viewerLabel, type Viewer } from '@/lib/auth/viewer'
import { writeIfUnchanged } from '@/lib/cases/actions'
import { caseRow } from '@/lib/cases/read'
import { actorOf } from '@/lib/cases/settings'
import type { Database } from '@/lib/store/schema'

import { drawSample, type QaClosure, type QaRule } from './draw'
import type { QaDraw, QaPeriod, QaResultRequest } from './requests'

/*
 * QA draws and results in the store (docs/exam.md). A draw is audited with its seed and sampled
 * ids before it is kept; a result is audited before it is written, and a fail reopens the case with
 * its reason (its owner is notified: lib/notifications/detect.ts). Nothing here is ever updated.
 */

type Db = Kysely<Database>

const DAY = 86_400_000

/**
 * The closures of a period: closed cases whose last closing falls in it, each with the analyst who
 * closed it (who proposed it, when a lead confirmed) and that analyst's first step on any case.
 * Verity's own closings (carried-over false positives) are nobody's work to check.
 */
export async function periodClosures(db: Db, period: QaPeriod): Promise<QaClosure[]> {
  const start = new Date(`${period.from}T00:00:00Z`)
  const end = new Date(Date.parse(`${period.to}T00:00:00Z`) + DAY)
  const result = await sql<{
    case_id: number
    outcome: string
    closed_at: Date
    analyst_id: string
    since: Date
  }>`
    with closing as (
      select c.id as case_id, c.outcome, last.at as closed_at,
        case when last.kind = 'closure_confirmed' then
          (select p.analyst_id from case_events p where p.case_id = c.id
            and p.kind = 'close_proposed' and p.id < last.id order by p.id desc limit 1)
        else last.analyst_id end as analyst_id
      from cases c
      cross join lateral (select e.id, e.kind, e.at, e.analyst_id from case_events e
        where e.case_id = c.id and e.to_state = 'closed' order by e.id desc limit 1) last
      where c.state = 'closed' and last.at >= ${start} and last.at < ${end}
    )
    select closing.*, (select min(e.at) from case_events e
      where e.analyst_id = closing.analyst_id) as since
    from closing
    where closing.analyst_id is not null and closing.analyst_id not like 'verity:%'
    order by closing.case_id`.execute(db)
  return result.rows.map((row) => ({
    caseId: Number(row.case_id),
    analystId: row.analyst_id,
    closedAt: new Date(row.closed_at).toISOString(),
    outcome: row.outcome,
    analystSince: new Date(row.since).toISOString(),
  }))
}

/**
 * Draws the QA sample of a period: a fresh seed, the period's closures, the sample; audited (the
 * seed and the sampled ids in the trail) before it is kept. A weekly draw is made once: null when
 * another instance made this week's.
 */
export async function drawQa(
  db: Db,
  viewer: Viewer,
  period: QaPeriod,
  kind: 'weekly' | 'on_demand',
  rule: QaRule,
): Promise<number | null> {
  if (kind === 'weekly') {
    const made = await db
      .selectFrom('qa_draws')
      .select('id')
      .where('kind', '=', 'weekly')
      .where('period_from', '=', period.from)
      .executeTakeFirst()
    if (made) return null
  }
  const seed = randomBytes(16).toString('hex')
  const population = await periodClosures(db, period)
  const sample = drawSample(seed, population, rule)
  await audit(
    viewer,
    'qa',
    { type: 'qa_draw', id: `${period.from}/${period.to}` },
    'ok',
    kind,
    `seed ${seed}; ${rule.percent}% and the first ${rule.newAnalystDays} days; ${population.length} closures; sampled ${sample.map((item) => item.caseId).join(',') || 'none'}`,
  )
  const row = await db
    .insertInto('qa_draws')
    .values({
      kind,
      period_from: period.from,
      period_to: period.to,
      seed,
      percent: rule.percent,
      new_analyst_days: rule.newAnalystDays,
      population: JSON.stringify(population),
      sample: JSON.stringify(sample),
      drawn_by: actorOf(viewer).id,
      drawn_by_label: viewerLabel(viewer),
      drawn_at: new Date(),
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst()
  return row ? Number(row.id) : null
}

/** The draws whose period overlaps this one, newest first, with their cases and results. */
export async function qaDraws(db: Db, period: QaPeriod): Promise<QaDraw[]> {
  const draws = await db
    .selectFrom('qa_draws')
    .selectAll()
    .where('period_from', '<=', period.to)
    .where('period_to', '>=', period.from)
    .orderBy('id', 'desc')
    .limit(200)
    .execute()
  const ids = draws.map((draw) => draw.id)
  const results =
    ids.length === 0
      ? []
      : await db
          .selectFrom('qa_results')
          .selectAll()
          .where('draw_id', 'in', ids)
          .orderBy('id')
          .execute()
  return draws.map((draw) => {
    const closures = new Map(draw.population.map((closure) => [closure.caseId, closure]))
    return {
      id: draw.id,
      kind: draw.kind,
      from: draw.period_from,
      to: draw.period_to,
      seed: draw.seed,
      percent: draw.percent,
      newAnalystDays: draw.new_analyst_days,
      closures: draw.population.length,
      drawnBy: draw.drawn_by_label,
      drawnAt: draw.drawn_at.toISOString(),
      cases: draw.sample.map((item) => {
        const closure = closures.get(item.caseId)
        return {
          caseId: item.caseId,
          why: item.why,
          closedBy: closure?.analystId ?? '',
          closedAt: closure?.closedAt ?? '',
          outcome: closure?.outcome ?? '',
          results: results
            .filter((result) => result.draw_id === draw.id && result.case_id === item.caseId)
            .map((result) => ({
              id: result.id,
              result: result.result,
              reason: result.reason,
              corrects: result.corrects,
              by: result.user_label,
              at: result.at.toISOString(),
            })),
        }
      }),
    }
  })
}

function refused(status: 403 | 409, detail: string) {
  return new ProblemError(status, 'qa_refused', 'Not allowed', detail)
}

/**
 * A lead's result on a sampled case: not by the analyst who closed it; a second result on the
 * same draw's case must name the one it corrects. A fail reopens the case with its reason.
 */
export async function recordQaResult(db: Db, viewer: Viewer, input: QaResultRequest) {
  const actor = actorOf(viewer)
  const resource = { type: 'case', id: String(input.caseId) }
  const refuse = async (status: 403 | 409, detail: string) => {
    await audit(viewer, 'qa', resource, 'refused', input.result, detail)
    return refused(status, detail)
  }
  if (!actor.lead) throw await refuse(403, 'Only a lead reviews a case for QA.')
  const draw = await db
    .selectFrom('qa_draws')
    .select(['id', 'population'])
    .where(sql<boolean>`sample @> ${JSON.stringify([{ caseId: input.caseId }])}::jsonb`)
    .orderBy('id', 'desc')
    .executeTakeFirst()
  if (!draw) throw await refuse(409, 'This case was not drawn for QA.')
  const closer = draw.population.find((closure) => closure.caseId === input.caseId)?.analystId
  if (closer === actor.id) {
    throw await refuse(403, 'You closed this case: another lead reviews it.')
  }
  const earlier = await db
    .selectFrom('qa_results')
    .select('id')
    .where('case_id', '=', input.caseId)
    .where('draw_id', '=', draw.id)
    .orderBy('id', 'desc')
    .execute()
  if (input.corrects === undefined && earlier.length > 0) {
    throw await refuse(
      409,
      'This case has a QA result already: a result is never changed, a correction names the result it corrects.',
    )
  }
  if (input.corrects !== undefined && !earlier.some((row) => row.id === input.corrects)) {
    throw await refuse(409, `Result ${input.corrects} is not a QA result of this case.`)
  }
  const reason = input.reason ?? null
  await audit(
    viewer,
    'qa',
    resource,
    'ok',
    input.result,
    `qa ${input.result}${input.corrects ? `, correcting result ${input.corrects}` : ''}${reason ? `; reason ${reasonDigest(reason)}` : ''}`,
  )
  const row = await db
    .insertInto('qa_results')
    .values({
      case_id: input.caseId,
      draw_id: draw.id,
      result: input.result,
      reason,
      corrects: input.corrects ?? null,
      analyst_id: actor.id,
      user_label: viewerLabel(viewer),
      at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  if (input.result === 'fail' && reason) await reopenForQa(db, viewer, input.caseId, reason)
  return { id: Number(row.id) }
}

/** A failed case goes back to its owner, open, with the reason in its log. */
async function reopenForQa(db: Db, viewer: Viewer, caseId: number, reason: string) {
  const row = await caseRow(db, caseId)
  if (!row || row.state !== 'closed') return
  const change = {
    kind: 'qa_failed',
    set: { state: 'open' as const, outcome: null, close_reason: null },
    event: { reason },
    says: `reopened by a QA fail; reason ${reasonDigest(reason)}`,
  }
  await audit(viewer, 'case', { type: 'case', id: String(caseId) }, 'ok', change.kind, change.says)
  const updated = await writeIfUnchanged(db, viewer, row, change)
  if (!updated) {
    throw refused(409, 'The case changed meanwhile: the result is kept; reopen the case by hand.')
  }
}
