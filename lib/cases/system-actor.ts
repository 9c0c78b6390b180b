import { analystId, type Viewer } from '@/lib/auth/viewer'

/**
 * Who acts on cases by rule (automatic assignment, escalation): "Verity" in the case's log and the
 * audit trail. No provider's analyst has this identity (an issuer is an https URL).
 */
export const SYSTEM_ACTOR: Viewer = {
  iss: 'verity:system',
  sub: 'verity',
  email: null,
  name: 'Verity',
  groups: [],
}

/** The system's identity in `case_events.analyst_id`. */
export const SYSTEM_ID = analystId(SYSTEM_ACTOR)
