import type { JWTPayload } from 'jose'

/**
 * Who is signed in, as kept in the session cookie: the e-mail only when the provider verified it
 * (it names the analyst in the audit trail and passes the domain rule), groups only those on the
 * allow-list.
 */
export type Viewer = { sub: string; email: string | null; name: string | null; groups: string[] }

export function viewerClaims(viewer: Viewer): JWTPayload {
  const { sub, email, name, groups } = viewer
  return { sub, email, email_verified: email !== null, name, groups }
}

export function viewerFromClaims(payload: JWTPayload | null): Viewer | null {
  if (!payload || typeof payload.sub !== 'string' || payload.sub === '') return null
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)
  const groups = Array.isArray(payload.groups)
    ? payload.groups.filter((group): group is string => typeof group === 'string')
    : []
  // Sessions sealed before e-mails had to be verified carry no marker: their e-mail is not trusted.
  const email = payload.email_verified === true ? text(payload.email) : null
  return { sub: payload.sub, email, name: text(payload.name), groups }
}

/** How the viewer is named in the header and in the audit log. */
export function viewerLabel(viewer: Viewer) {
  return viewer.email ?? viewer.name ?? viewer.sub
}
