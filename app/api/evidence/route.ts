import { actionRoute } from '@/lib/api/route'
import { packRequest } from '@/lib/evidence/contract'
import { makeEvidencePack } from '@/lib/evidence/make'

// POST /api/evidence – an evidence pack (PDF and JSON) of a record, recorded in the audit trail first
export const POST = actionRoute(packRequest, makeEvidencePack)
