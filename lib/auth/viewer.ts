/**
 * Who is signed in, as kept in the session's row: the e-mail only when the provider verified it
 * (it names the analyst in the audit trail and passes the domain rule), groups only those on the
 * allow-list.
 */
export type Viewer = { sub: string; email: string | null; name: string | null; groups: string[] }

/** How the viewer is named in the header and in the audit log. */
export function viewerLabel(viewer: Viewer) {
  return viewer.email ?? viewer.name ?? viewer.sub
}
