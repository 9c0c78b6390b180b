import type { Metadata } from 'next'
import { notFound } from 'next/navigation'

import { ApplicantPage } from '@/components/applicants/applicant-page'
import { loadApplicantPage } from '@/lib/applicants/load'
import { isApplicantId } from '@/lib/ids'

export const metadata: Metadata = { title: 'Applicant' }

export default async function ApplicantRoute({ params }: PageProps<'/applicants/[applicant_id]'>) {
  const { applicant_id: applicantId } = await params
  // Every id the mirror holds opens (lib/ids.ts): the same rule as the revocation route's.
  if (!isApplicantId(applicantId)) notFound()
  const { history, mirror, standing, canRevoke } = await loadApplicantPage(applicantId)
  return (
    <ApplicantPage
      applicantId={applicantId}
      history={history}
      mirror={mirror}
      standing={standing}
      canRevoke={canRevoke}
    />
  )
}
