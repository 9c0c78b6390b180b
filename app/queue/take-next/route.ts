import { formRoute } from '@/lib/api/route'
import { takeFromForm } from '@/lib/cases/service'

// POST /queue/take-next – the queue's Take next form (no script needed): 303 to the case taken
export const POST = formRoute(takeFromForm)
