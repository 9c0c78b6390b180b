import { amlExportRequest, exportAmlReport } from '@/lib/aml/export'
import { actionRoute } from '@/lib/api/route'

// POST /api/exports/aml – an AML report as a JSON file or a print, audited first; masked unless a reason is given
export const POST = actionRoute(amlExportRequest, exportAmlReport)
