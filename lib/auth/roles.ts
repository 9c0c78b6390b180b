import { authSettings } from './settings'
import type { Viewer } from './viewer'

/*
 * What a viewer's groups make them. A lead assigns cases, confirms closings and sees everyone's
 * figures. An auditor (AUTH_AUDITOR_GROUPS) reads all a lead reads and changes nothing: the API's
 * gate refuses their every change (lib/api/gate.ts), even when they are in a lead group too, so
 * the one who examines the work cannot have done it. With sign-in off the one viewer leads.
 */
export type Roles = { lead: boolean; auditor: boolean }

export function rolesOf(viewer: Pick<Viewer, 'groups'>): Roles {
  const settings = authSettings()
  if (settings.mode === 'off') return { lead: true, auditor: false }
  const auditor = viewer.groups.some((group) => settings.auditorGroups.includes(group))
  const lead = !auditor && viewer.groups.some((group) => settings.leadGroups.includes(group))
  return { lead, auditor }
}
