import type { AuthSettings } from '@/lib/auth/settings'
import type { Viewer } from '@/lib/auth/viewer'

/** Sign-in settings of an OpenID Connect provider that admits example.com addresses. */
export const oidcSettings: Extract<AuthSettings, { mode: 'oidc' }> = {
  mode: 'oidc',
  issuer: 'https://id.example.com',
  clientId: 'verity',
  clientSecret: 'client-secret',
  secret: 'a-session-secret-of-at-least-32-characters',
  maxAgeSeconds: 3600,
  idleSeconds: 1800,
  recheckSeconds: 900,
  appUrl: undefined,
  allow: { domains: ['example.com'], groups: [] },
  leadGroups: [],
  auditorGroups: [],
}

/**
 * The environment of an instance with sign-in on at https://idp.test, admitting verity.test
 * addresses, whose `aml-leads` group leads; `upstream` is the upstream's origin.
 */
export function signInOnEnv(upstream = 'http://127.0.0.1:9') {
  return {
    DS_API_BASE_URL: upstream,
    DS_API_KEY: 'k',
    AUTH_DISABLED: 'false',
    OIDC_ISSUER: 'https://idp.test',
    OIDC_CLIENT_ID: 'verity',
    OIDC_CLIENT_SECRET: 'secret',
    SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
    AUTH_ALLOWED_EMAIL_DOMAINS: 'verity.test',
    AUTH_LEAD_GROUPS: 'aml-leads',
  }
}

/** An analyst signed in at that provider, in `groups`. */
export const viewerOf = (name: string, groups: string[] = []): Viewer => ({
  iss: 'https://idp.test',
  sub: name,
  email: `${name}@verity.test`,
  name,
  groups,
})

/** An analyst signed in at https://idp.test (`signInOnEnv`'s provider), in no group. */
export const anaViewer = {
  iss: 'https://idp.test',
  sub: 'ana',
  email: 'ana@verity.test',
  name: 'Ana Analyst',
  groups: [],
} satisfies Viewer

/** A session's lifetimes: eight hours at most, half an hour idle. */
export const sessionTimes = { maxAgeSeconds: 8 * 3600, idleSeconds: 1800 }
