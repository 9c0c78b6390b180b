import { getEnv } from '@/lib/env'

import type { AllowList } from './allow-list'

/*
 * Sign-in as the environment configures it. `off` is AUTH_DISABLED=true, or a non-production
 * server with no OIDC_* variables at all (lib/env.js refuses that combination in production);
 * either way every page says so in a banner.
 */
export type AuthSettings =
  | {
      mode: 'oidc'
      issuer: string
      clientId: string
      clientSecret: string
      secret: string
      maxAgeSeconds: number
      idleSeconds: number
      /** How often a session is rechecked with the provider (lib/auth/provider-check.ts). */
      recheckSeconds: number
      appUrl: string | undefined
      allow: AllowList
      /** Groups whose members are case leads (AUTH_LEAD_GROUPS). */
      leadGroups: string[]
      /** Groups whose members read what leads read and change nothing (AUTH_AUDITOR_GROUPS). */
      auditorGroups: string[]
    }
  | { mode: 'off'; reason: 'disabled' | 'unconfigured' }

export type OidcSettings = Extract<AuthSettings, { mode: 'oidc' }>

export function authSettings(): AuthSettings {
  const env = getEnv()
  if (env.AUTH_DISABLED) return { mode: 'off', reason: 'disabled' }
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET || !env.SESSION_SECRET) {
    return { mode: 'off', reason: 'unconfigured' }
  }
  return {
    mode: 'oidc',
    issuer: env.OIDC_ISSUER,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    secret: env.SESSION_SECRET,
    maxAgeSeconds: env.SESSION_MAX_AGE_S,
    idleSeconds: env.SESSION_IDLE_TIMEOUT_S,
    recheckSeconds: Math.round(env.AUTH_RECHECK_MINUTES * 60),
    appUrl: env.APP_URL,
    allow: { domains: env.AUTH_ALLOWED_EMAIL_DOMAINS, groups: env.AUTH_ALLOWED_GROUPS },
    leadGroups: env.AUTH_LEAD_GROUPS,
    auditorGroups: env.AUTH_AUDITOR_GROUPS,
  }
}
