import 'server-only'

import { rolesOf } from '@/lib/auth/roles'
import { analystId, type Viewer } from '@/lib/auth/viewer'
import { getEnv } from '@/lib/env'

import type { Actor, Outcome } from './rules'

/** Hours from a case's clock (its record's time) to its due date (CASE_SLA_HOURS). */
export function slaHours() {
  return getEnv().CASE_SLA_HOURS
}

/** Automatic assignment of new cases (CASE_AUTO_ASSIGN and its limits). */
export function autoAssignSettings() {
  const env = getEnv()
  return {
    on: env.CASE_AUTO_ASSIGN,
    activeHours: env.CASE_AUTO_ASSIGN_ACTIVE_HOURS,
    max: env.CASE_AUTO_ASSIGN_MAX,
  }
}

/** Escalation of cases long past their due date (CASE_ESCALATE, CASE_ESCALATE_AFTER_HOURS). */
export function escalationSettings() {
  const env = getEnv()
  return { on: env.CASE_ESCALATE, afterHours: env.CASE_ESCALATE_AFTER_HOURS }
}

/** The outcomes whose closing a lead who did not propose it confirms (CASE_CLOSE_FOUR_EYES). */
export function fourEyesOutcomes(): Outcome[] {
  return getEnv().CASE_CLOSE_FOUR_EYES as Outcome[]
}

/**
 * The viewer as the case rules see them. With sign-in off there is one viewer for everyone, and
 * it acts as a lead: nobody else could assign its cases.
 */
export function actorOf(viewer: Viewer): Actor {
  const { lead, auditor } = rolesOf(viewer)
  return { id: analystId(viewer), lead, auditor }
}
