import { formRoute } from '@/lib/api/route'
import { awayFromForm } from '@/lib/cases/service'

// POST /queue/presence – away=true|false: the analyst marks themselves away or back; 303 to /queue
export const POST = formRoute(awayFromForm)
