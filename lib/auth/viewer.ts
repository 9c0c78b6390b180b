/**
 * Who is signed in, as kept in the session's row: the provider's issuer and subject (together the
 * analyst's identity), the e-mail only when the provider verified it (it passes the domain rule),
 * groups only those on the allow-list.
 */
export type Viewer = {
  iss: string
  sub: string
  email: string | null
  name: string | null
  groups: string[]
  /** The session's reference (lib/auth/session-store.ts), on a viewer a session vouched for. */
  session?: string | undefined
}

/**
 * The analyst's stable identity, which every rule compares and every stored row carries: the
 * issuer and subject, which the provider never reassigns (an e-mail or a name can change or differ
 * in case). An issuer is a URL and holds no space, so the first space separates the two.
 */
export function analystId(viewer: Pick<Viewer, 'iss' | 'sub'>) {
  return `${viewer.iss} ${viewer.sub}`
}

/** How the viewer is named on screen and beside their identity in the audit log: display only. */
export function viewerLabel(viewer: Viewer) {
  return viewer.email ?? viewer.name ?? viewer.sub
}

/**
 * The issuer of identities Verity made up for what was recorded before analysts were identified
 * by issuer and subject (store migration 0007). No provider has it: an issuer is an https URL.
 */
export const BEFORE_ISSUER = 'verity:before-issuer'

/** The identity of a row recorded before issuers under `label`: one per label, nobody's today. */
export function beforeIssuerId(label: string) {
  return `${BEFORE_ISSUER} ${label}`
}
