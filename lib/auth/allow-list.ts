/*
 * Who may use Verity: an account whose verified e-mail is in an allowed domain, or who carries an
 * allowed group in the `groups` claim. Either list may be empty; both empty allow no one. Only
 * `email_verified: true` counts as verified: a provider that omits the claim, or lets users type
 * their own address, must not let anyone in by naming an allowed domain.
 */

export type AllowList = { domains: string[]; groups: string[] }

type Claims = { email?: unknown; email_verified?: unknown; groups?: unknown }

function allowedDomain(claims: Claims, domains: string[]) {
  if (typeof claims.email !== 'string' || claims.email_verified !== true) return false
  const at = claims.email.lastIndexOf('@')
  if (at < 1) return false
  const domain = claims.email.slice(at + 1).toLowerCase()
  return domains.includes(domain)
}

/** The caller's groups that are on the allow-list. */
export function allowedGroups(claims: Claims, groups: string[]) {
  if (!Array.isArray(claims.groups)) return []
  return claims.groups.filter(
    (group): group is string => typeof group === 'string' && groups.includes(group),
  )
}

export function isAllowed(claims: Claims, list: AllowList) {
  return allowedDomain(claims, list.domains) || allowedGroups(claims, list.groups).length > 0
}
