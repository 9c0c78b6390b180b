import type { AuthSettings } from '@/lib/auth/settings'

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
}
