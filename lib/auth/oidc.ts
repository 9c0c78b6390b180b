import 'server-only'

import * as oidc from 'openid-client'

import { allowedGroups, isAllowed, verifiedEmail } from './allow-list'
import { seal, unseal } from './sealed'
import type { AuthSettings } from './settings'
import type { Viewer } from './viewer'

/*
 * Authorization code flow with PKCE, state and nonce, all done by openid-client. The transaction
 * (verifier, state, nonce, return path) rides in a short-lived encrypted cookie, so any instance
 * can finish a sign-in another one started.
 */

type OidcSettings = Extract<AuthSettings, { mode: 'oidc' }>

export const SIGN_IN_TTL_S = 600

let discovered: { issuer: string; config: Promise<oidc.Configuration> } | undefined

function configuration(settings: OidcSettings) {
  if (discovered?.issuer !== settings.issuer) {
    const issuer = new URL(settings.issuer)
    // lib/env.js allows plain http only for a provider on this machine (tests, local trials).
    const insecure =
      issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined
    const config = oidc.discovery(
      issuer,
      settings.clientId,
      settings.clientSecret,
      undefined,
      insecure,
    )
    // A failed discovery (provider down) is retried on the next sign-in instead of cached.
    config.catch(() => {
      discovered = undefined
    })
    discovered = { issuer: settings.issuer, config }
  }
  return discovered.config
}

export function redirectUri(settings: OidcSettings, requestOrigin: string) {
  return `${settings.appUrl ?? requestOrigin}/auth/callback`
}

/** The provider's authorization URL and the sealed transaction to keep in a cookie. */
export async function startSignIn(
  settings: OidcSettings,
  callbackUrl: string,
  returnTo: string,
  { freshLogin = false } = {},
) {
  const config = await configuration(settings)
  const verifier = oidc.randomPKCECodeVerifier()
  const state = oidc.randomState()
  const nonce = oidc.randomNonce()
  // A refresh token lets the session be rechecked for as long as it lasts (provider-check.ts);
  // providers that name offline_access give one only when asked for it.
  const offline = config.serverMetadata().scopes_supported?.includes('offline_access')
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl,
    scope: `openid email profile${offline ? ' offline_access' : ''}`,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    // After a refusal, ask the provider for the account again instead of reusing its session.
    ...(freshLogin ? { prompt: 'login' } : {}),
  })
  const transaction = await seal(
    { verifier, state, nonce, returnTo },
    settings.secret,
    'sign-in',
    SIGN_IN_TTL_S,
  )
  return { url, transaction }
}

/** What the provider gave to ask it about the account again; kept sealed, server-side only. */
export type ProviderTokens = {
  access: string
  /** Epoch milliseconds; absent when the provider did not say. */
  accessExpiresAt?: number
  refresh?: string
}

export type SignInResult =
  | { outcome: 'ok'; viewer: Viewer; returnTo: string; tokens: ProviderTokens }
  | { outcome: 'not_allowed'; returnTo: string; refused: Viewer }
  | { outcome: 'failed' }

/** Exchanges the code, checks the ID token and the allow-list. */
export async function finishSignIn(
  settings: OidcSettings,
  callbackUrl: URL,
  transactionCookie: string | undefined,
): Promise<SignInResult> {
  const transaction = await unseal(transactionCookie, settings.secret, 'sign-in')
  if (!transaction) return { outcome: 'failed' }
  const { verifier, state, nonce, returnTo } = transaction
  if (typeof verifier !== 'string' || typeof state !== 'string' || typeof nonce !== 'string') {
    return { outcome: 'failed' }
  }
  const target = typeof returnTo === 'string' ? returnTo : '/'
  try {
    const config = await configuration(settings)
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    })
    const idClaims = tokens.claims()
    if (!idClaims) return { outcome: 'failed' }
    // Providers differ in which claims they put in the ID token; userinfo has the rest.
    const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)
    const claims = { ...info, ...idClaims, groups: idClaims.groups ?? info.groups }
    const viewer: Viewer = {
      iss: idClaims.iss,
      sub: idClaims.sub,
      // An unverified address would let a group member be recorded under someone else's name, and
      // one that is not a single address would name two recipients or another analyst.
      email: verifiedEmail(claims),
      name: typeof claims.name === 'string' ? claims.name : null,
      // Lead and auditor groups are kept too, or one who signs in by e-mail domain would lose the role.
      groups: allowedGroups(claims, [
        ...settings.allow.groups,
        ...settings.leadGroups,
        ...settings.auditorGroups,
      ]),
    }
    // Who was refused is kept for the audit trail, with none of their groups.
    if (!isAllowed(claims, settings.allow)) {
      return { outcome: 'not_allowed', returnTo: target, refused: viewer }
    }
    return { outcome: 'ok', viewer, returnTo: target, tokens: tokensOf(tokens) }
  } catch (error) {
    console.warn(
      JSON.stringify({
        level: 'warn',
        msg: 'sign-in failed',
        error: error instanceof Error ? `${error.name}: ${error.message}` : 'unknown',
      }),
    )
    return { outcome: 'failed' }
  }
}

function tokensOf(response: oidc.TokenEndpointResponse, previous?: ProviderTokens): ProviderTokens {
  const expiresIn = response.expires_in
  return {
    access: response.access_token,
    ...(typeof expiresIn === 'number' ? { accessExpiresAt: Date.now() + expiresIn * 1000 } : {}),
    // A provider that does not rotate its refresh token answers without one: the old one stays.
    ...(response.refresh_token
      ? { refresh: response.refresh_token }
      : previous?.refresh
        ? { refresh: previous.refresh }
        : {}),
  }
}

export type AccountCheck =
  | { outcome: 'ok'; tokens: ProviderTokens }
  /** The provider answered and no longer vouches for the account (or cannot be asked any more). */
  | { outcome: 'refused'; why: string }
  /** The provider could not be asked (down, unreachable): try again later. */
  | { outcome: 'unreachable' }

/**
 * Asks the provider whether the account still stands: a refresh with the refresh token when there
 * is one, then userinfo with the (fresh) access token, which must name the same subject. Without a
 * refresh token and with the access token expired, nothing can be asked: refused.
 */
export async function checkAccount(
  settings: OidcSettings,
  sub: string,
  tokens: ProviderTokens,
): Promise<AccountCheck> {
  try {
    const config = await configuration(settings)
    let current = tokens
    if (tokens.refresh) {
      current = tokensOf(await oidc.refreshTokenGrant(config, tokens.refresh), tokens)
    } else if (tokens.accessExpiresAt !== undefined && tokens.accessExpiresAt <= Date.now()) {
      return { outcome: 'refused', why: 'access token expired, no refresh token' }
    }
    await oidc.fetchUserInfo(config, current.access, sub)
    return { outcome: 'ok', tokens: current }
  } catch (error) {
    const refused = providerRefusal(error)
    if (refused) return { outcome: 'refused', why: refused }
    console.warn(
      JSON.stringify({
        level: 'warn',
        msg: 'session recheck: provider unreachable',
        error: error instanceof Error ? `${error.name}: ${error.message}` : 'unknown',
      }),
    )
    return { outcome: 'unreachable' }
  }
}

/** The provider's own refusal (an OAuth error or a 4xx answer), as opposed to an outage. */
function providerRefusal(error: unknown): string | null {
  if (error instanceof oidc.ResponseBodyError) {
    return error.status < 500 ? `${error.error} (${error.status})` : null
  }
  if (error instanceof oidc.WWWAuthenticateChallengeError) {
    return `${error.cause[0]?.parameters.error ?? 'refused'} (${error.status})`
  }
  // The userinfo answer named another subject.
  if (
    error instanceof oidc.ClientError &&
    error.code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED'
  ) {
    return 'userinfo names another subject'
  }
  return null
}
