import 'server-only'

import { logger } from '@/lib/logging/logger'

/** One line of the mirror's progress or trouble; ids and counts only, never payload values. */
export function mirrorLog(
  level: 'info' | 'warn',
  msg: string,
  fields: Record<string, unknown> = {},
): void {
  logger()[level]({ log: 'app', ...fields }, `history mirror: ${msg}`)
}
