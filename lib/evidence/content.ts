import 'server-only'

import { ProblemError } from '@/lib/api/problem-error'
import { requireViewer } from '@/lib/auth/session'
import { caseEvents, caseRow, summaryOf } from '@/lib/cases/read'
import { actorOf } from '@/lib/cases/settings'
import { getEnv } from '@/lib/env'
import type { PackAttachment, PackSection } from '@/lib/evidence/contract'
import type { PackRequest } from '@/lib/evidence/request'
import { reportsForPack } from '@/lib/fiu-reports/pack'
import type { NoteResource } from '@/lib/notes/contract'
import { withMasksShown } from '@/lib/projection/masked-token'
import { projectVerification } from '@/lib/projection/project'
import { viewerRefKey } from '@/lib/projection/ref-key'
import { decisionsForSearch } from '@/lib/review/decisions'
import { loadSubject } from '@/lib/review/report-review'
import { parseSubjectParam, subjectParam } from '@/lib/review/subject'
import { getStore } from '@/lib/store/store'
import { readAmlSearchWith, readVerification } from '@/lib/upstream/reads'
import type { Verification } from '@/lib/upstream/schemas'

import { caseSection } from './case-sections'
import type { AmlPart } from './pack-worker'
import type { PackJobHandle } from './pack-workers'
import { verificationSections } from './verification-sections'

/*
 * The record's own sections, read through the guarded reads (so making a pack is also a view in
 * the trail) and shown masked as on the page, or raw for an unmasked pack. A case is its state,
 * owner, due date and event log as a section, then the record it is about. An AML report's body is
 * checked, compared and masked in the pack's worker (pack-worker.ts): this thread reads it and what
 * the store holds about it, and hands those over as `aml`.
 */

export type RecordContent = {
  title: string
  upstreamId: string | null
  /** The record whose notes and audit rows the pack holds (a case's: the record it is about). */
  record: NoteResource
  sections: PackSection[]
  /** An AML report's sections, made in the worker and put in among `sections` at `aml.at`. */
  aml: AmlPart | null
  /** Files the pack holds beside its own (a case's reports to the FIU). */
  attachments: PackAttachment[]
}

export async function recordContent(
  request: PackRequest,
  job: PackJobHandle,
): Promise<RecordContent> {
  if (request.type === 'case') return caseContent(request, job)
  if (request.type === 'verification') {
    const raw = await readVerification(request.id)
    const shown = request.unmasked
      ? raw
      : (withMasksShown(projectVerification(raw, request.id, await viewerRefKey())) as Verification)
    return {
      title: `Verification ${request.id}`,
      upstreamId: raw.id,
      record: { type: 'verification', id: request.id },
      sections: verificationSections(shown),
      aml: null,
      attachments: [],
    }
  }
  const head = await readAmlSearchWith(request.id, job.readAml)
  const source = parseSubjectParam(request.subject ?? null)
  const { status, subject } = await loadSubject(request.id, source, head.requestedName)
  // Decisions remember the applicant only of a subject the upstream links to this report.
  const decisions = await decisionsForSearch(request.id, status === 'known' ? source : null)
  const masked = !request.unmasked && getEnv().PII_MASKING
  return {
    title: `AML report ${request.id}`,
    upstreamId: head.searchUuid,
    record: { type: 'aml_search', id: request.id },
    sections: [],
    aml: {
      at: 0,
      searchId: request.id,
      status,
      subject,
      decisions,
      maskWith: masked ? await viewerRefKey() : null,
    },
    attachments: [],
  }
}

/** A case: its own section first, then the record it is about, compared with the case's subject. */
async function caseContent(request: PackRequest, job: PackJobHandle): Promise<RecordContent> {
  const { db } = await getStore()
  const row = await caseRow(db, Number(request.id))
  if (!row) {
    throw new ProblemError(404, 'no_case', 'No such case', 'There is no case with this id.')
  }
  const kase = summaryOf(row)
  // Its lines about reports to the FIU only for a pack made by a lead or their drafter (pack.ts).
  const seer = actorOf(await requireViewer())
  const [events, reports, record] = await Promise.all([
    caseEvents(db, row.id, seer),
    reportsForPack(db, row.id),
    recordContent(
      {
        ...request,
        type: kase.resourceType,
        id: kase.resourceId,
        subject:
          kase.resourceType === 'aml_search'
            ? subjectParam({ kind: 'screening', recordId: kase.recordId })
            : undefined,
      },
      job,
    ),
  ])
  const before = [caseSection(kase, events, new Date()), ...reports.sections]
  return {
    title: `Case ${kase.id}: ${record.title}`,
    upstreamId: record.upstreamId,
    record: record.record,
    sections: [...before, ...record.sections],
    aml: record.aml && { ...record.aml, at: before.length + record.aml.at },
    attachments: reports.attachments,
  }
}
