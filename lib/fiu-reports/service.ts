import 'server-only'

import { createHash } from 'node:crypto'

import { sql, type Kysely } from 'kysely'

import { ProblemError } from '@/lib/api/problem-error'
import { reasonDigest } from '@/lib/audit/reason-digest'
import { audit, auditRead } from '@/lib/audit/record'
import { requireViewer } from '@/lib/auth/session'
import { analystId, viewerLabel, type Viewer } from '@/lib/auth/viewer'
import { caseRow, type NamedCaseRow } from '@/lib/cases/read'
import { actorOf } from '@/lib/cases/settings'
import { getEnv } from '@/lib/env'
import { takeSensitiveAction } from '@/lib/limits/sensitive-actions'
import { maskValue } from '@/lib/projection/mask-rules'
import type { Database, FiuReportRow } from '@/lib/store/schema'
import { getStore } from '@/lib/store/store'

import { reportFigures, type ReportFigures } from './analytics'
import {
  REPORT_DUE_SOON_DAYS,
  type ReportActionRequest,
  type ReportFields,
  type ReportListItem,
  type ReportPatch,
  type ReportState,
  type ReportSubject,
  type ReportView,
} from './contract'
import { caseFacts } from './facts'
import { availableActions, checkAction, checkEdit, maySee, mayStart } from './rules'
import { goamlSettings } from './settings'
import { citationStatus, closingOf, draftNarrative, type CaseFacts } from './template'
import { type XmlReport } from './xml'

/*
 * Reports to the FIU (docs/reports.md): started from a case by a lead or the case's owner, drafted
 * from the case's facts, edited while a draft, submitted by the drafter, approved or sent back by
 * a second person who leads, then filed and answered. A report is seen only by leads and its
 * drafter: to anyone else every read and change answers 404, as if it did not exist. Every change
 * is audited before it is written (action `report`), and written only if the report is still at the
 * version read, with its event in the same transaction.
 */

type Db = Kysely<Database>

const resourceOf = (id: number) => ({ type: 'fiu_report', id: String(id) })

function noReport() {
  return new ProblemError(404, 'no_report', 'No such report', 'There is no report with this id.')
}

function refused(status: 403 | 409, why: string) {
  return new ProblemError(status, 'report_refused', 'Not allowed on this report', why)
}

function fieldsOf(row: FiuReportRow): ReportFields {
  return row.fields as ReportFields
}

/** The report as its XML is made: its own reference, and the date it was approved (or today). */
function xmlReportOf(row: FiuReportRow, fields = fieldsOf(row)): XmlReport {
  return {
    code: row.code,
    entityReference: `verity-case-${row.case_id}-report-${row.id}`,
    prevRejectedRef: row.prev_rejected_ref,
    date: (row.state === 'draft' || row.state === 'awaiting_approval'
      ? new Date()
      : row.updated_at
    ).toISOString(),
    fields,
  }
}

/*
 * The schema engine (libxml2 in WebAssembly) and the PDF writer (pdfkit and its font engine) are
 * loaded when a report is first opened or written, not with this module: the home page reads the
 * reports due through it, and a restarted server's first page loaded both.
 */
async function validated(row: FiuReportRow, fields = fieldsOf(row)) {
  const { validateReport } = await import('./validate')
  const settings = goamlSettings()
  return validateReport(settings, xmlReportOf(row, fields), settings.schemaPath)
}

/** The row, when the actor may know it exists; a 404 (audited) otherwise. */
async function visibleRow(db: Db, viewer: Viewer, id: number): Promise<FiuReportRow> {
  const row = await db.selectFrom('fiu_reports').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row || !maySee(actorOf(viewer), { drafterId: row.drafter_id })) {
    await audit(viewer, 'view', resourceOf(id), 'not_found')
    throw noReport()
  }
  return row
}

function refOf(row: FiuReportRow) {
  return { state: row.state, drafterId: row.drafter_id }
}

function masked(subject: ReportSubject): ReportSubject {
  return {
    ...subject,
    birthdate: subject.birthdate && maskValue('date_of_birth', subject.birthdate),
    passportNumber: subject.passportNumber && maskValue('document_number', subject.passportNumber),
    idNumber: subject.idNumber && maskValue('document_number', subject.idNumber),
  }
}

async function viewOf(db: Db, viewer: Viewer, row: FiuReportRow): Promise<ReportView> {
  const actor = actorOf(viewer)
  const fields = fieldsOf(row)
  const kase = await caseRow(db, row.case_id)
  // The sources are read again to flag citations that no longer hold; when the upstream does not
  // answer, the citations are shown unchecked rather than the report not at all.
  const facts: CaseFacts | null = kase ? await caseFacts(db, kase).catch(() => null) : null
  const { errors } = await validated(row, fields)
  const editable = checkEdit(actor, refOf(row)).ok
  const mask = !editable && getEnv().PII_MASKING
  const events = await db
    .selectFrom('fiu_report_events')
    .selectAll()
    .where('report_id', '=', row.id)
    .orderBy('id')
    .execute()
  const settings = goamlSettings()
  return {
    id: row.id,
    caseId: row.case_id,
    caseName: kase?.name ?? null,
    code: row.code,
    state: row.state,
    drafter: row.drafter_label,
    approver: row.approver_label,
    fields: { ...fields, subject: mask ? masked(fields.subject) : fields.subject },
    masked: mask,
    citations: citationStatus(fields.citations, fields, facts),
    errors,
    schema: settings.schemaPath ? 'fiu' : 'own_rules',
    decidedAt: row.decided_at.toISOString(),
    dueAt: row.due_at.toISOString(),
    prevRejectedRef: row.prev_rejected_ref,
    fiuRef: row.fiu_ref,
    filedAt: row.filed_at?.toISOString() ?? null,
    answeredAt: row.answered_at?.toISOString() ?? null,
    approvedSha256: row.approved_sha256,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    events: events.map((event) => ({
      id: event.id,
      kind: event.kind,
      user: event.user_label,
      fromState: event.from_state,
      toState: event.to_state,
      reason: event.reason,
      at: event.at.toISOString(),
    })),
    may: { edit: editable, actions: availableActions(actor, refOf(row)) },
    codes: settings.reportCodes,
    indicatorCodes: settings.indicators,
  }
}

/** When the decision the report follows was made: the case's true match, else its closing. */
function decidedAt(facts: CaseFacts): Date {
  const standing = facts.decisions.filter(
    (decision) => decision.decision === 'true_match' && decision.settles,
  )
  const closed = closingOf(facts)
  const at = standing.at(-1)?.at ?? closed?.at
  return at ? new Date(at) : new Date()
}

/**
 * One change of the report, in the caller's transaction: a line of its own log and one of its case's
 * (kind `report_<move>`, marked with the report, so that the case's readers show it only to leads
 * and its drafter: lib/cases/read.ts `caseEvents`).
 */
async function insertEvent(
  db: Db,
  viewer: Viewer,
  caseId: number,
  event: {
    report_id: number
    kind: string
    from_state: string | null
    to_state: string | null
    reason?: string | null
  },
  at = new Date(),
) {
  const who = { analyst_id: analystId(viewer), user_label: viewerLabel(viewer) }
  await db
    .insertInto('fiu_report_events')
    .values({ ...event, reason: event.reason ?? null, ...who, at })
    .execute()
  await db
    .insertInto('case_events')
    .values({
      case_id: caseId,
      kind: `report_${event.kind}`,
      from_state: event.from_state,
      to_state: event.to_state,
      owner_id: null,
      owner_label: null,
      outcome: null,
      reason: event.reason ?? null,
      until: null,
      fiu_report_id: event.report_id,
      ...who,
      at,
    })
    .execute()
}

export type StartRequest = { caseId: number; code: string; corrects?: number | undefined }

/** POST /api/reports: a drafted report of the case. */
export async function startReport(request: StartRequest): Promise<ReportView> {
  const viewer = await requireViewer()
  const actor = actorOf(viewer)
  const { db } = await getStore()
  const kase = await caseRow(db, request.caseId)
  if (!kase)
    throw new ProblemError(404, 'no_case', 'No such case', 'There is no case with this id.')
  const resource = { type: 'case', id: String(kase.id) }
  if (!mayStart(actor, kase.owner_id)) {
    await audit(viewer, 'report', resource, 'refused', 'started')
    throw refused(403, "Only a lead or the case's owner can start a report on it.")
  }
  const settings = goamlSettings()
  if (!settings.reportCodes.includes(request.code)) {
    throw new ProblemError(
      400,
      'bad_parameter',
      'Bad parameter',
      `code must be one of the FIU's report codes: ${settings.reportCodes.join(', ')}`,
    )
  }
  let corrected: FiuReportRow | null = null
  if (request.corrects !== undefined) {
    corrected = await visibleRow(db, viewer, request.corrects)
    if (corrected.state !== 'rejected' || corrected.case_id !== kase.id) {
      throw refused(
        409,
        'Only a report of this case that the FIU rejected can be corrected by a new one.',
      )
    }
  }
  const row = await draftReport(
    db,
    viewer,
    kase,
    request.code,
    await caseFacts(db, kase),
    corrected,
  )
  return viewOf(db, viewer, row)
}

/**
 * Writes a drafted report of the case by `viewer` from its facts (or a rejected report's fields,
 * which it corrects), with its first event, then audits it. `at`: now, but for the demo's seed,
 * which drafts on its own clock.
 */
export async function draftReport(
  db: Db,
  viewer: Viewer,
  kase: NamedCaseRow,
  code: string,
  facts: CaseFacts,
  corrected: FiuReportRow | null = null,
  at = new Date(),
): Promise<FiuReportRow> {
  const settings = goamlSettings()
  const fields: ReportFields = corrected
    ? fieldsOf(corrected)
    : {
        subject: facts.subject,
        subjectSource: facts.subjectSource,
        ...draftNarrative(facts),
        indicators: settings.indicators.slice(0, 1),
      }
  const decided = decidedAt(facts)
  const due = new Date(decided.getTime() + settings.dueDays * 86_400_000)
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('fiu_reports')
      .values({
        case_id: kase.id,
        code,
        state: 'draft',
        drafter_id: analystId(viewer),
        drafter_label: viewerLabel(viewer),
        fields: JSON.stringify(fields),
        decided_at: decided,
        due_at: due,
        prev_rejected_ref: corrected?.fiu_ref ?? null,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    await insertEvent(
      trx,
      viewer,
      kase.id,
      {
        report_id: inserted.id,
        kind: 'created',
        from_state: null,
        to_state: 'draft',
        reason: corrected
          ? `corrects report ${corrected.id} (FIU reference ${corrected.fiu_ref})`
          : null,
      },
      at,
    )
    return inserted
  })
  await audit(viewer, 'report', resourceOf(row.id), 'ok', 'created', `${code} of case ${kase.id}`)
  return row
}

/** GET /api/reports/{id}: the report, if the viewer may know of it; the read is audited. */
export async function readReport(id: number): Promise<ReportView> {
  const viewer = await requireViewer()
  const { db } = await getStore()
  const row = await visibleRow(db, viewer, id)
  await auditRead(viewer, resourceOf(id))
  return viewOf(db, viewer, row)
}

/** The page's read: null (a 404 page) when there is none the viewer may see. */
export async function loadReport(id: number): Promise<ReportView | null> {
  try {
    return await readReport(id)
  } catch (error) {
    if (error instanceof ProblemError && error.status === 404) return null
    throw error
  }
}

/** GET /api/reports?state=: what the viewer may see, soonest due first. */
export async function listReports(state?: ReportState): Promise<ReportListItem[]> {
  const viewer = await requireViewer()
  const actor = actorOf(viewer)
  const { db } = await getStore()
  await audit(viewer, 'view', { type: 'fiu_report_list', id: state ?? null }, 'ok')
  let query = db
    .selectFrom('fiu_reports')
    .innerJoin('cases', 'cases.id', 'fiu_reports.case_id')
    .select([
      'fiu_reports.id',
      'fiu_reports.case_id',
      'fiu_reports.code',
      'fiu_reports.state',
      'fiu_reports.drafter_label',
      'fiu_reports.due_at',
      'fiu_reports.updated_at',
    ])
    .select(
      sql<
        string | null
      >`(select h.requested_name from history_records h where h.id = cases.record_id)`.as(
        'case_name',
      ),
    )
  if (!actor.lead) query = query.where('fiu_reports.drafter_id', '=', actor.id)
  if (state) query = query.where('fiu_reports.state', '=', state)
  const rows = await query
    .orderBy('fiu_reports.due_at')
    .orderBy('fiu_reports.id')
    .limit(500)
    .execute()
  return rows.map((row) => ({
    id: row.id,
    caseId: row.case_id,
    caseName: row.case_name,
    code: row.code,
    state: row.state,
    drafter: row.drafter_label,
    dueAt: row.due_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }))
}

/**
 * Reports not yet filed that are due within REPORT_DUE_SOON_DAYS or late, soonest first, that the
 * viewer may see (leads: all; others: their own): the home page's and the queue's reminder.
 */
export async function loadReportsDue(now = new Date()): Promise<ReportListItem[]> {
  const viewer = await requireViewer()
  const actor = actorOf(viewer)
  const { db } = await getStore()
  let query = db
    .selectFrom('fiu_reports')
    .select(['id', 'case_id', 'code', 'state', 'drafter_label', 'due_at', 'updated_at'])
    .where('state', 'in', ['draft', 'awaiting_approval', 'approved'])
    .where('due_at', '<=', new Date(now.getTime() + REPORT_DUE_SOON_DAYS * 86_400_000))
  if (!actor.lead) query = query.where('drafter_id', '=', actor.id)
  const rows = await query.orderBy('due_at').orderBy('id').limit(20).execute()
  if (rows.length > 0) await audit(viewer, 'view', { type: 'fiu_report_list', id: 'due' }, 'ok')
  return rows.map((row) => ({
    id: row.id,
    caseId: row.case_id,
    caseName: null,
    code: row.code,
    state: row.state,
    drafter: row.drafter_label,
    dueAt: row.due_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }))
}

/** /analytics' figures of reports to the FIU, for leads only (null for anyone else). */
export async function loadReportFigures(start: Date, end: Date): Promise<ReportFigures | null> {
  const viewer = await requireViewer()
  if (!actorOf(viewer).lead) return null
  const { db } = await getStore()
  return reportFigures(db, start, end)
}

/**
 * The case page's look at its reports: those the viewer may see (leads: all; others: their own),
 * whether they may start one, and the FIU's report codes.
 */
export async function loadCaseReports(caseId: number, caseOwnerId: string | null) {
  const viewer = await requireViewer()
  const actor = actorOf(viewer)
  const { db } = await getStore()
  let query = db
    .selectFrom('fiu_reports')
    .select(['id', 'case_id', 'code', 'state', 'drafter_label', 'due_at', 'updated_at'])
    .where('case_id', '=', caseId)
  if (!actor.lead) query = query.where('drafter_id', '=', actor.id)
  const rows = await query.orderBy('id').execute()
  const reports: ReportListItem[] = rows.map((row) => ({
    id: row.id,
    caseId: row.case_id,
    caseName: null,
    code: row.code,
    state: row.state,
    drafter: row.drafter_label,
    dueAt: row.due_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }))
  return { reports, mayStart: mayStart(actor, caseOwnerId), codes: goamlSettings().reportCodes }
}

async function writeIfUnchanged(
  db: Db,
  row: FiuReportRow,
  set: Partial<Omit<FiuReportRow, 'id' | 'version' | 'created_at' | 'fields'>> & {
    fields?: string
  },
  event: Parameters<typeof insertEvent>[3] | null,
  viewer: Viewer,
) {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('fiu_reports')
      .set({ ...set, updated_at: new Date(), version: sql`version + 1` })
      .where('id', '=', row.id)
      .where('version', '=', row.version)
      .returningAll()
      .executeTakeFirst()
    if (updated && event) await insertEvent(trx, viewer, row.case_id, event)
    return updated ?? null
  })
}

function changedMeanwhile() {
  return refused(409, 'The report changed meanwhile: look at it again.')
}

/** PATCH /api/reports/{id}: the fields given change, while it is a draft. */
export async function patchReport(id: number, patch: ReportPatch): Promise<ReportView> {
  const viewer = await requireViewer()
  const { db } = await getStore()
  const row = await visibleRow(db, viewer, id)
  const resource = resourceOf(id)
  const checked = checkEdit(actorOf(viewer), refOf(row))
  if (!checked.ok) {
    await audit(viewer, 'report', resource, 'refused', 'edited', checked.why)
    throw refused(checked.status, checked.why)
  }
  const before = fieldsOf(row)
  const fields: ReportFields = {
    ...before,
    ...(patch.reason !== undefined ? { reason: patch.reason } : {}),
    ...(patch.action !== undefined ? { action: patch.action } : {}),
    ...(patch.partyReason !== undefined ? { partyReason: patch.partyReason } : {}),
    ...(patch.indicators !== undefined ? { indicators: patch.indicators } : {}),
    subject: { ...before.subject, ...patch.subject },
  }
  const unknown = (patch.indicators ?? []).filter(
    (code) => !goamlSettings().indicators.includes(code),
  )
  if (unknown.length > 0) {
    throw new ProblemError(
      400,
      'bad_parameter',
      'Bad parameter',
      `The indicators must be codes of the FIU's list (${goamlSettings().indicators.join(', ')}); ${unknown.join(', ')} is not.`,
    )
  }
  const changed = [
    ...Object.keys(patch).filter((key) => key !== 'subject'),
    ...Object.keys(patch.subject ?? {}).map((key) => `subject.${key}`),
  ]
  await audit(viewer, 'report', resource, 'ok', 'edited', changed.join(', '))
  const updated = await writeIfUnchanged(db, row, { fields: JSON.stringify(fields) }, null, viewer)
  if (!updated) throw changedMeanwhile()
  return viewOf(db, viewer, updated)
}

const sha256 = (text: string | Uint8Array) => createHash('sha256').update(text).digest('hex')

/** POST /api/reports/{id}: one move of the report, checked, audited, then written. */
export async function actOnReport(id: number, request: ReportActionRequest): Promise<ReportView> {
  const viewer = await requireViewer()
  const { db } = await getStore()
  const row = await visibleRow(db, viewer, id)
  const resource = resourceOf(id)
  const { errors, xml } = await validated(row)
  const checked = checkAction(actorOf(viewer), refOf(row), request.action, errors.length > 0)
  if (!checked.ok) {
    await audit(viewer, 'report', resource, 'refused', request.action, checked.why)
    throw refused(checked.status, checked.why)
  }
  const reason = request.reason?.trim() ?? ''
  if (request.action === 'return' && reason.length < 10) {
    throw new ProblemError(
      400,
      'bad_parameter',
      'Bad parameter',
      'Say why the report goes back (a reason of at least 10 characters).',
    )
  }
  const reference = request.reference?.trim() ?? ''
  if (request.action === 'file' && reference === '') {
    throw new ProblemError(
      400,
      'bad_parameter',
      'Bad parameter',
      "The FIU's reference number is required to record the filing.",
    )
  }
  const now = new Date()
  const set: Parameters<typeof writeIfUnchanged>[2] = { state: checked.to }
  let says = reason ? `reason ${reasonDigest(reason)}` : undefined
  switch (request.action) {
    case 'approve': {
      // The exact bytes approved are kept: every download and the evidence pack are this file.
      const approvedXml = xml!
      const digest = sha256(approvedXml)
      Object.assign(set, {
        approver_id: analystId(viewer),
        approver_label: viewerLabel(viewer),
        approved_xml: approvedXml,
        approved_sha256: digest,
      })
      says = `goaml.xml sha256=${digest}`
      break
    }
    case 'file':
      Object.assign(set, { fiu_ref: reference, filed_at: now })
      says = `FIU reference ${reference}`
      break
    case 'acknowledge':
    case 'reject':
      Object.assign(set, { answered_at: now })
      break
  }
  await audit(viewer, 'report', resource, 'ok', request.action, says)
  const updated = await writeIfUnchanged(
    db,
    row,
    set,
    {
      report_id: row.id,
      kind: request.action,
      from_state: row.state,
      to_state: checked.to,
      reason: request.action === 'file' ? `FIU reference ${reference}` : reason || null,
    },
    viewer,
  ).catch(async (error: unknown) => {
    await audit(viewer, 'report', resource, 'not_recorded', request.action).catch(() => undefined)
    throw error
  })
  if (!updated) {
    await audit(viewer, 'report', resource, 'not_recorded', request.action).catch(() => undefined)
    throw changedMeanwhile()
  }
  return viewOf(db, viewer, updated)
}

export type ReportFile = { name: string; type: string; body: Uint8Array }

/** The report's XML and its review PDF as they are now (the approved bytes once approved). */
export async function reportFiles(db: Db, viewer: Viewer, row: FiuReportRow) {
  const xml = row.approved_xml ?? (await validated(row)).xml
  if (!xml) {
    throw refused(
      409,
      'The report holds text a goAML file cannot carry: correct the fields marked first.',
    )
  }
  const view = await viewOf(db, viewer, row)
  const xmlSha = sha256(xml)
  const { reportPdf } = await import('./pdf')
  const pdf = await reportPdf(view, xmlSha, fieldsOf(row).subject)
  return { xml: Buffer.from(xml), xmlSha, pdf, view }
}

/**
 * GET /api/reports/{id}/goaml.xml and /report.pdf: personal data unmasked, so an unmasked export:
 * counted against UNMASKED_EXPORT_LIMIT_PER_HOUR, audited with the file's SHA-256 before it is
 * answered, and not answered when the audit row cannot be written.
 */
export async function downloadReport(id: number, kind: 'xml' | 'pdf'): Promise<ReportFile> {
  const viewer = await requireViewer()
  const { db } = await getStore()
  const row = await visibleRow(db, viewer, id)
  const resource = resourceOf(id)
  const field = kind === 'xml' ? 'goaml.xml' : 'report.pdf'
  const allowed = await takeSensitiveAction(viewer, 'unmasked_export')
  if (!allowed.ok) {
    await audit(viewer, 'export', resource, 'rate_limited', field)
    throw new ProblemError(
      429,
      'export_limited',
      'Too many unmasked exports',
      `You exported or revealed much personal data lately. Every export is recorded; try again in ${allowed.retryAfterSeconds} s.`,
      { 'Retry-After': String(allowed.retryAfterSeconds) },
    )
  }
  const files = await reportFiles(db, viewer, row)
  const body = kind === 'xml' ? files.xml : files.pdf
  await audit(viewer, 'export', resource, 'ok', `${field} unmasked sha256=${sha256(body)}`)
  const base = `verity-${row.code.toLowerCase()}-report-${row.id}`
  return kind === 'xml'
    ? { name: `${base}.xml`, type: 'application/xml', body }
    : { name: `${base}.pdf`, type: 'application/pdf', body }
}
