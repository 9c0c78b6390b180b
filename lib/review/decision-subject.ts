import 'server-only'

import { ProblemError } from '@/lib/api/problem-error'
import type { SubjectSource } from '@/lib/review/subject'
import { loadSubjectContext } from '@/lib/review/subject-context'
import {
  mirroredLink,
  rememberedLink,
  rememberLink,
  type SubjectLink,
} from '@/lib/review/subject-link'

/*
 * Which applicant a subject is, looked up once and remembered, failed lookups too
 * (lib/review/subject-link.ts). The decisions list, which the browser polls, never reads the
 * webhook history for it: a screening subject is resolved by the page load that shows it, or found
 * in the history mirror; a poll that finds it in neither answers without the applicant (only
 * decisions remembered from other reports are missing) until a page load resolves it.
 */
async function subjectLink(
  searchId: string,
  subject: SubjectSource,
  poll: boolean,
): Promise<SubjectLink | null> {
  const kept = rememberedLink(searchId, subject)
  if (kept) return kept
  if (subject.kind === 'screening') {
    const mirrored = await mirroredLink(searchId, subject.recordId)
    if (mirrored) {
      rememberLink(searchId, subject, mirrored)
      return mirrored
    }
    if (poll) return null
  }
  const context = await loadSubjectContext(searchId, subject)
  return context.ok ? { ok: true, applicantId: context.applicantId } : context
}

/** The applicant of a linked subject; a problem when it is not linked. */
export async function linkedApplicant(searchId: string, subject: SubjectSource) {
  const link = await subjectLink(searchId, subject, false)
  if (!link?.ok) {
    throw new ProblemError(
      400,
      `subject_${link?.reason ?? 'not_found'}`,
      'Unknown subject',
      link?.reason === 'not_linked'
        ? 'The subject named is not linked to this AML report.'
        : 'The subject of this report could not be found.',
    )
  }
  return link.applicantId
}

/** For reads: the applicant, or null when the subject is not linked to the report (or, on a poll, not known yet). */
export async function knownApplicant(searchId: string, subject: SubjectSource, poll: boolean) {
  const link = await subjectLink(searchId, subject, poll)
  return link?.ok ? link.applicantId : null
}
