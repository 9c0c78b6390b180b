import 'server-only'

import { sql, type Kysely } from 'kysely'

import { reasonDigest } from '@/lib/audit/reason-digest'
import { caseName } from '@/lib/cases/read'
import type { Database } from '@/lib/store/schema'

import type { Cell } from './format'

/*
 * What an exam pack lists, read in pages of a thousand by id so that a period of any size streams
 * (docs/exam.md). Each source is a file of the pack: its header and its rows' cells. Adding a file
 * to the pack is adding one source to `examSources`.
 */

type Db = Kysely<Database>

export type Period = { start: Date; end: Date }

export type Source = {
  name: string
  header: string[]
  rows: (db: Db, period: Period, masked: boolean) => AsyncIterable<Cell[]>
  /** Only in a pack whose maker may see reports to the FIU (leads: tipping-off rules). */
  reportsOnly?: true
}

const PAGE = 1_000

/** Rows of a query paged by its `id` column, after `after`. */
async function* paged<T extends { id: number }>(page: (after: number) => Promise<T[]>) {
  let after = 0
  for (;;) {
    const rows = await page(after)
    for (const row of rows) yield row
    if (rows.length < PAGE) return
    after = rows.at(-1)!.id
  }
}

const reasonCells = (text: string | null, masked: boolean): Cell[] =>
  masked
    ? [text === null ? null : reasonDigest(text)]
    : [text === null ? null : reasonDigest(text), text]

/**
 * The cases opened in the period, closed in it, or open during it; their state and owner as they
 * are now, their due date, whether it was missed, and who proposed and who confirmed the closing.
 */
const cases: Source = {
  name: 'cases.csv',
  header: [
    'case_id',
    'kind',
    'risk',
    'resource_type',
    'resource_id',
    'applicant_id',
    'name',
    'in_period',
    'closing',
    'created_at',
    'clock_at',
    'due_at',
    'due_missed',
    'hours_late',
    'state_now',
    'owner',
    'closed_at',
    'outcome',
    'close_reason_sha256',
    'close_reason',
    'closing_proposed_by',
    'closing_confirmed_by',
    'events_in_period',
  ],
  async *rows(db, { start, end }, masked) {
    const now = new Date()
    const closedAt = sql<Date | null>`(select max(e.at) from case_events e
      where e.case_id = cases.id and e.to_state = 'closed')`
    const lastBy = (kind: string) => sql<string | null>`(select e.user_label from case_events e
      where e.case_id = cases.id and e.kind = ${kind} order by e.id desc limit 1)`
    const rows = paged((after) =>
      db
        .selectFrom('cases')
        .selectAll()
        .select([
          caseName.as('name'),
          closedAt.as('closed_at'),
          lastBy('close_proposed').as('proposed_by'),
          lastBy('closure_confirmed').as('confirmed_by'),
          sql<number>`(select count(*)::int from case_events e where e.case_id = cases.id
            and e.fiu_report_id is null and e.at >= ${start} and e.at < ${end})`.as(
            'events_in_period',
          ),
        ])
        .where('id', '>', after)
        .where('created_at', '<', end)
        .where(sql<boolean>`(cases.state <> 'closed' or ${closedAt} >= ${start})`)
        .orderBy('id')
        .limit(PAGE)
        .execute(),
    )
    for await (const row of rows) {
      const settled = row.state === 'closed' && row.closed_at ? row.closed_at : null
      const measured = settled ?? (now < end ? now : end)
      const late = measured.getTime() - row.due_at.getTime()
      yield [
        row.id,
        row.kind,
        row.risk,
        row.resource_type,
        row.resource_id,
        row.applicant_id,
        ...(masked ? [] : [row.name]),
        row.created_at >= start ? 'opened' : 'carried in',
        settled && settled >= start && settled < end ? 'closed' : settled ? 'closed later' : 'open',
        row.created_at,
        row.clock_at,
        row.due_at,
        late > 0 ? 'yes' : 'no',
        late > 0 ? Math.round(late / 360_000) / 10 : 0,
        row.state,
        row.owner_label,
        row.closed_at,
        row.outcome,
        ...reasonCells(row.close_reason, masked),
        row.proposed_by,
        row.confirmed_by,
        row.events_in_period,
      ]
    }
  },
}

/**
 * Every state change and step of a case in the period: who, when, from and to, why (digest). Not
 * the lines about reports to the FIU: an exam pack is made by auditors too and leaves the team, and
 * a report's existence is told only to leads and its drafter (docs/reports.md).
 */
const caseEvents: Source = {
  name: 'case-events.csv',
  header: [
    'event_id',
    'case_id',
    'at',
    'kind',
    'from_state',
    'to_state',
    'analyst_id',
    'user',
    'owner',
    'outcome',
    'reason_sha256',
    'reason',
    'until',
  ],
  async *rows(db, { start, end }, masked) {
    const rows = paged((after) =>
      db
        .selectFrom('case_events')
        .selectAll()
        .where('fiu_report_id', 'is', null)
        .where('id', '>', after)
        .where('at', '>=', start)
        .where('at', '<', end)
        .orderBy('id')
        .limit(PAGE)
        .execute(),
    )
    for await (const row of rows) {
      yield [
        row.id,
        row.case_id,
        row.at,
        row.kind,
        row.from_state,
        row.to_state,
        row.analyst_id,
        row.user_label,
        row.owner_label,
        row.outcome,
        ...reasonCells(row.reason, masked),
        row.until,
      ]
    }
  },
}

/**
 * The decisions on matches made in the period: who, when, what, the reason's digest, and for a
 * decision that needed a second analyst, who confirmed or overturned it and when.
 */
const decisions: Source = {
  name: 'decisions.csv',
  header: [
    'decision_id',
    'search_id',
    'match_uuid',
    'applicant_id',
    'decision',
    'action',
    'settles',
    'analyst_id',
    'user',
    'at',
    'reason_sha256',
    'reason',
    'second_reviewer',
    'second_action',
    'second_at',
  ],
  async *rows(db, { start, end }, masked) {
    const second = (column: 'user_label' | 'action' | 'at') =>
      sql`(select s.${sql.ref(column)} from match_decisions s where s.search_id = match_decisions.search_id
        and s.match_uuid = match_decisions.match_uuid and s.id > match_decisions.id
        and s.action in ('confirm', 'overturn') order by s.id limit 1)`
    const rows = paged((after) =>
      db
        .selectFrom('match_decisions')
        .selectAll()
        .select([
          second('user_label').$castTo<string | null>().as('second_user'),
          second('action').$castTo<string | null>().as('second_action'),
          second('at').$castTo<Date | null>().as('second_at'),
        ])
        .where('id', '>', after)
        .where('at', '>=', start)
        .where('at', '<', end)
        .orderBy('id')
        .limit(PAGE)
        .execute(),
    )
    for await (const row of rows) {
      const needsSecond = !row.settles && row.action === 'set'
      yield [
        row.id,
        row.search_id,
        row.match_uuid,
        row.applicant_id,
        row.decision,
        row.action,
        row.settles ? 'yes' : 'no',
        row.analyst_id,
        row.user_label,
        row.at,
        ...reasonCells(row.reason, masked),
        needsSecond ? row.second_user : null,
        needsSecond ? row.second_action : null,
        needsSecond ? row.second_at : null,
      ]
    }
  },
}

/** The QA draws whose period overlaps the pack's, oldest first (a handful a period). */
function qaDrawsOf(db: Db, { start, end }: Period) {
  const day = (date: Date) => date.toISOString().slice(0, 10)
  return db
    .selectFrom('qa_draws')
    .selectAll()
    .where('period_from', '<=', day(new Date(end.getTime() - 1)))
    .where('period_to', '>=', day(start))
    .orderBy('id')
    .execute()
}

/** Each QA draw: its period, seed and rule, for the verifier to redraw (lib/qa/draw.ts). */
const qaDraws: Source = {
  name: 'qa-draws.csv',
  header: [
    'draw_id',
    'kind',
    'from',
    'to',
    'seed',
    'percent',
    'new_analyst_days',
    'closures',
    'drawn_by',
    'drawn_at',
  ],
  async *rows(db, period) {
    for (const draw of await qaDrawsOf(db, period)) {
      yield [
        draw.id,
        draw.kind,
        draw.period_from,
        draw.period_to,
        draw.seed,
        draw.percent,
        draw.new_analyst_days,
        draw.population.length,
        draw.drawn_by_label,
        draw.drawn_at,
      ]
    }
  },
}

/** The closures each draw drew from, as it kept them. */
const qaPopulation: Source = {
  name: 'qa-population.csv',
  header: ['draw_id', 'case_id', 'analyst_id', 'closed_at', 'outcome', 'analyst_since'],
  async *rows(db, period) {
    for (const draw of await qaDrawsOf(db, period)) {
      for (const closure of draw.population) {
        yield [
          draw.id,
          closure.caseId,
          closure.analystId,
          closure.closedAt,
          closure.outcome,
          closure.analystSince,
        ]
      }
    }
  },
}

/** The cases each draw sampled, and why. */
const qaSample: Source = {
  name: 'qa-sample.csv',
  header: ['draw_id', 'case_id', 'why'],
  async *rows(db, period) {
    for (const draw of await qaDrawsOf(db, period)) {
      for (const item of draw.sample) yield [draw.id, item.caseId, item.why]
    }
  },
}

/** Every QA result of those draws; a correction names the result it corrects. */
const qaResults: Source = {
  name: 'qa-results.csv',
  header: [
    'result_id',
    'draw_id',
    'case_id',
    'result',
    'corrects',
    'analyst_id',
    'user',
    'at',
    'reason_sha256',
    'reason',
  ],
  async *rows(db, period, masked) {
    const ids = (await qaDrawsOf(db, period)).map((draw) => draw.id)
    if (ids.length === 0) return
    const rows = paged((after) =>
      db
        .selectFrom('qa_results')
        .selectAll()
        .where('id', '>', after)
        .where('draw_id', 'in', ids)
        .orderBy('id')
        .limit(PAGE)
        .execute(),
    )
    for await (const row of rows) {
      yield [
        row.id,
        row.draw_id,
        row.case_id,
        row.result,
        row.corrects,
        row.analyst_id,
        row.user_label,
        row.at,
        ...reasonCells(row.reason, masked),
      ]
    }
  },
}

/**
 * The reports to the FIU (docs/reports.md) started, decided, filed or answered in the period: their
 * states, who drafted and who approved them, their deadline and whether it was kept, the FIU's
 * reference and the approved XML's SHA-256 (as in the audit chain). No subject or narrative.
 */
const reports: Source = {
  name: 'fiu-reports.csv',
  reportsOnly: true,
  header: [
    'report_id',
    'case_id',
    'code',
    'state_now',
    'drafted_by',
    'approved_by',
    'created_at',
    'decided_at',
    'due_at',
    'filed_at',
    'filed_late',
    'fiu_reference',
    'prev_rejected_reference',
    'answered_at',
    'approved_xml_sha256',
  ],
  async *rows(db, { start, end }) {
    const within = (column: 'created_at' | 'filed_at' | 'answered_at' | 'decided_at') =>
      sql<boolean>`(${sql.ref(column)} >= ${start} and ${sql.ref(column)} < ${end})`
    const rows = paged((after) =>
      db
        .selectFrom('fiu_reports')
        .selectAll()
        .where('id', '>', after)
        .where((eb) =>
          eb.or([
            within('created_at'),
            within('decided_at'),
            within('filed_at'),
            within('answered_at'),
          ]),
        )
        .orderBy('id')
        .limit(PAGE)
        .execute(),
    )
    for await (const row of rows) {
      const late = (row.filed_at ?? new Date()).getTime() > row.due_at.getTime()
      yield [
        row.id,
        row.case_id,
        row.code,
        row.state,
        row.drafter_label,
        row.approver_label,
        row.created_at,
        row.decided_at,
        row.due_at,
        row.filed_at,
        late ? 'yes' : 'no',
        row.fiu_ref,
        row.prev_rejected_ref,
        row.answered_at,
        row.approved_sha256,
      ]
    }
  },
}

/** The files of a pack besides the trail, in order. */
export const examSources: Source[] = [
  cases,
  caseEvents,
  decisions,
  qaDraws,
  qaPopulation,
  qaSample,
  qaResults,
  reports,
]

/** A source's header as masked or not: the unmasked columns are left out of a masked pack. */
export function headerOf(source: Source, masked: boolean) {
  const unmaskedOnly = new Set(['name', 'close_reason', 'reason'])
  return masked ? source.header.filter((column) => !unmaskedOnly.has(column)) : source.header
}
