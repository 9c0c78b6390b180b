import type { Metadata } from 'next'
import { notFound } from 'next/navigation'

import { ApplicantPage } from '@/components/applicants/applicant-page'
import { loadApplicantPage } from '@/lib/applicants/load'
import { isApplicantId } from '@/lib/util/ids'

export const metadata: Metadata = { title: 'Applicant' }

/** A page's param as sent: Next hands pages each param percent-encoded (encodeURIComponent). */
function decoded(param: string): string | null {
  try {
    return decodeURIComponent(param)
  } catch {
    return null
  }
}

export default async function ApplicantRoute({ params }: PageProps<'/applicants/[applicant_id]'>) {
  const applicantId = decoded((await params).applicant_id)
  // Every id the mirror holds opens (lib/util/ids.ts): the same rule as the revocation route's.
  if (applicantId === null || !isApplicantId(applicantId)) notFound()
  const { history, mirror, standing, canRevoke, retention } = await loadApplicantPage(applicantId)
  return (
    <ApplicantPage
      applicantId={applicantId}
      history={history}
      mirror={mirror}
      standing={standing}
      canRevoke={canRevoke}
      retention={retention}
    />
  )
}
