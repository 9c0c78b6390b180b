import { subjectAccessRoute } from '@/lib/retention/routes'

// GET /api/applicants/{applicant_id}/subject-access – a lead's subject access export (GDPR Art. 15)
export const GET = subjectAccessRoute
