import { z } from 'zod'

import { attachment, fileRoute } from '@/lib/api/route'
import { reportIdParam } from '@/lib/fiu-reports/contract'
import { downloadReport } from '@/lib/fiu-reports/service'

// GET /api/reports/{id}/goaml.xml – the goAML XML, unmasked: audited with its SHA-256 and rate-limited
export const GET = fileRoute(z.object({ id: reportIdParam }), async ({ id }) =>
  attachment(await downloadReport(id, 'xml')),
)
