import 'server-only'

import { getEnv } from '@/lib/env'

/* Retention's configuration, from the validated environment (lib/env.js). */

export type RetentionSettings = {
  /** Days kept after the relationship ends (or a never-onboarded applicant's last record). */
  days: number
  sandboxDays: number
  /** When the daily run starts, `HH:MM` UTC. */
  runAt: string
  /** Whether this instance takes part in the daily run. */
  job: boolean
  apiToken: string | null
}

export function retentionSettings(): RetentionSettings {
  const env = getEnv()
  return {
    days: env.RETENTION_DAYS,
    sandboxDays: env.RETENTION_SANDBOX_DAYS,
    runAt: env.RETENTION_RUN_AT,
    job: env.RETENTION_JOB,
    apiToken: env.RETENTION_API_TOKEN ?? null,
  }
}
