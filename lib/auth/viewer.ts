import type { JWTPayload } from 'jose'

/** Who is signed in, as kept in the session cookie (groups only those on the allow-list). */
export type Viewer = { sub: string; email: string | null; name: string | null; groups: string[] }

export function viewerClaims(viewer: Viewer): JWTPayload {
  return { sub: viewer.sub, email: viewer.email, name: viewer.name, groups: viewer.groups }
}

export function viewerFromClaims(payload: JWTPayload | null): Viewer | null {
  if (!payload || typeof payload.sub !== 'string' || payload.sub === '') return null
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)
  const groups = Array.isArray(payload.groups)
    ? payload.groups.filter((group): group is string => typeof group === 'string')
    : []
  return { sub: payload.sub, email: text(payload.email), name: text(payload.name), groups }
}

/** How the viewer is named in the header and in the audit log. */
export function viewerLabel(viewer: Viewer) {
  return viewer.email ?? viewer.name ?? viewer.sub
}
