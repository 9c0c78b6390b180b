import { actionRoute } from '@/lib/api/route'
import { makeEvidencePack } from '@/lib/evidence/make'
import { packRequest } from '@/lib/evidence/request'

// POST /api/evidence – an evidence pack (PDF and JSON) of a record, recorded in the audit trail first
export const POST = actionRoute(packRequest, makeEvidencePack)
