import type { Env } from '@/lib/env'

/**
 * The settings an examiner asks about, as in force when a pack is made: the store keeps no history
 * of the environment, so the manifest records them then (docs/exam.md).
 */
export function settingsInForce(env: Env): Record<string, unknown> {
  return {
    CASE_SLA_HOURS: env.CASE_SLA_HOURS,
    CASE_CLOSE_FOUR_EYES: env.CASE_CLOSE_FOUR_EYES,
    CASE_ESCALATE: env.CASE_ESCALATE,
    CASE_ESCALATE_AFTER_HOURS: env.CASE_ESCALATE_AFTER_HOURS,
    DECISION_CARRY_DAYS: env.DECISION_CARRY_DAYS,
    HISTORY_RETENTION_DAYS: env.HISTORY_RETENTION_DAYS ?? null,
    QA_SAMPLE_PERCENT: env.QA_SAMPLE_PERCENT,
    QA_NEW_ANALYST_DAYS: env.QA_NEW_ANALYST_DAYS,
  }
}
