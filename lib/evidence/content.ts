import 'server-only'

import { readAmlSearch, readVerification } from '@/lib/data/reads'
import type { PackRequest, PackSection } from '@/lib/evidence/contract'
import { withMasksShown } from '@/lib/projection/masked-token'
import { projectAmlSearch, projectVerification } from '@/lib/projection/project'
import { viewerRefKey } from '@/lib/projection/ref-key'
import { decisionsForSearch } from '@/lib/review/decisions'
import { reviewReport } from '@/lib/review/report-review'
import { parseSubjectParam } from '@/lib/review/subject'
import type { AmlSearchResult, Verification } from '@/lib/upstream/schemas'

import { amlSections } from './aml-sections'
import { verificationSections } from './verification-sections'

/*
 * The record's own sections, read through the guarded reads (so making a pack is also a view in
 * the trail) and shown masked as on the page, or raw for an unmasked pack. A case is one more
 * kind here: its state, owner, due date and event log as a section, beside notes and the excerpt.
 */

export type RecordContent = { title: string; upstreamId: string | null; sections: PackSection[] }

export async function recordContent(request: PackRequest): Promise<RecordContent> {
  if (request.type === 'verification') {
    const raw = await readVerification(request.id)
    const shown = request.unmasked
      ? raw
      : (withMasksShown(projectVerification(raw, request.id, await viewerRefKey())) as Verification)
    return {
      title: `Verification ${request.id}`,
      upstreamId: raw.id,
      sections: verificationSections(shown),
    }
  }
  const raw = await readAmlSearch(request.id)
  const source = parseSubjectParam(request.subject ?? null)
  const review = await reviewReport(raw, request.id, source)
  // Decisions remember the applicant only of a subject the upstream links to this report.
  const decisions = await decisionsForSearch(request.id, review.status === 'known' ? source : null)
  const shown = request.unmasked
    ? raw
    : (withMasksShown(projectAmlSearch(raw, request.id, await viewerRefKey())) as AmlSearchResult)
  return {
    title: `AML report ${request.id}`,
    upstreamId: raw.search_uuid,
    sections: amlSections(shown, review, decisions),
  }
}
