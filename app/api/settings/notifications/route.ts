import { z } from 'zod'

import { actionRoute, readRoute } from '@/lib/api/route'
import { preferencesRequest } from '@/lib/notifications/events'
import { loadPreferences, savePreferences } from '@/lib/notifications/service'

// GET /api/settings/notifications – which of the viewer's own events reach them by e-mail
export const GET = readRoute(z.object({}), () => loadPreferences())

// POST /api/settings/notifications – `{emailEvents}`: choose them
export const POST = actionRoute(preferencesRequest, (input) => savePreferences(input))
