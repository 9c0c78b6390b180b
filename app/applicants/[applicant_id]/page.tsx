import type { Metadata } from 'next'
import { notFound } from 'next/navigation'

import { ApplicantPage } from '@/components/applicants/applicant-page'
import { APPLICANT_ID, loadApplicantPage } from '@/lib/applicants/load'

export const metadata: Metadata = { title: 'Applicant' }

export default async function ApplicantRoute({ params }: PageProps<'/applicants/[applicant_id]'>) {
  const { applicant_id: applicantId } = await params
  if (!APPLICANT_ID.test(applicantId)) notFound()
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
