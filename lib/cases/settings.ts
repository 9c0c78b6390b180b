import 'server-only'

import { authSettings } from '@/lib/auth/settings'
import { analystId, type Viewer } from '@/lib/auth/viewer'
import { getEnv } from '@/lib/env'

import type { Actor } from './rules'

/** Hours from a case's making to its due date (CASE_SLA_HOURS). */
export function slaHours() {
  return getEnv().CASE_SLA_HOURS
}

/**
 * The viewer as the case rules see them. With sign-in off there is one viewer for everyone, and
 * it acts as a lead: nobody else could assign its cases.
 */
export function actorOf(viewer: Viewer): Actor {
  const settings = authSettings()
  const lead =
    settings.mode === 'off' || viewer.groups.some((group) => settings.leadGroups.includes(group))
  return { id: analystId(viewer), lead }
}
