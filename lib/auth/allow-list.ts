/*
 * Who may use Verity: an account whose verified e-mail is in an allowed domain, or who carries an
 * allowed group in the `groups` claim. Either list may be empty; both empty allow no one. Only
 * `email_verified: true` counts as verified: a provider that omits the claim, or lets users type
 * their own address, must not let anyone in by naming an allowed domain.
 */

export type AllowList = { domains: string[]; groups: string[] }

type Claims = { email?: unknown; email_verified?: unknown; groups?: unknown }

/**
 * One address, `local@domain`: a single `@`, no space, line break, control or format character,
 * and none of the separators that would make a header name two recipients or a display name
 * (`,;<>"()[]\:`); the domain's labels letters, digits and hyphens. At most 254 characters.
 */
const ONE_ADDRESS =
  /^[^\s@,;<>"()[\]\\:\p{Cc}\p{Cf}\p{Z}]{1,64}@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*$/u

export function isOneAddress(value: string): boolean {
  return value.length <= 254 && ONE_ADDRESS.test(value)
}

/**
 * The e-mail claim when it may name an analyst or a recipient: verified (`email_verified: true`)
 * and one address (isOneAddress); else null.
 */
export function verifiedEmail(claims: Claims): string | null {
  return typeof claims.email === 'string' &&
    claims.email_verified === true &&
    isOneAddress(claims.email)
    ? claims.email
    : null
}

function allowedDomain(claims: Claims, domains: string[]) {
  const email = verifiedEmail(claims)
  if (email === null) return false
  const domain = email.slice(email.indexOf('@') + 1).toLowerCase()
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
