import type { Server } from 'node:http'

import Provider from 'oidc-provider'

import { freePort } from '@/tools/harness/free-port'

/*
 * A real OpenID Connect provider on 127.0.0.1 for the sign-in tests and the bench, run in the
 * caller's process (its address is `issuer`), with its development login form (any password) and
 * eight accounts: an allowed analyst, one allowed by group only, one outside the allow-list, two in
 * the allowed domain whose address is not verified (the provider says so, or omits the claim as
 * some do), a case lead (allowed by domain, lead by group), and two more allowed analysts that
 * browser test files sharing one signed-in instance sign in as, so that each finds its own audit
 * lines and has its own reveal limit there. It issues refresh tokens, and an
 * account put in `disabledAccounts` is unknown to it from then on (as an account an administrator
 * disabled): refreshes and userinfo for it are refused.
 */

export const accounts: Record<
  string,
  { email: string; email_verified?: boolean; name: string; groups: string[] }
> = {
  ana: { email: 'ana@verity.test', email_verified: true, name: 'Ana Analyst', groups: [] },
  gus: {
    email: 'gus@contractor.test',
    email_verified: true,
    name: 'Gus Group',
    groups: ['aml-analysts'],
  },
  mallory: {
    email: 'mallory@outside.test',
    email_verified: true,
    name: 'Mallory Outsider',
    groups: ['staff'],
  },
  una: { email: 'una@verity.test', email_verified: false, name: 'Una Unverified', groups: [] },
  omar: { email: 'omar@verity.test', name: 'Omar Omitted', groups: [] },
  lea: { email: 'lea@verity.test', email_verified: true, name: 'Lea Lead', groups: ['aml-leads'] },
  // A second lead, for four eyes between leads (a report to the FIU: tests/e2e/fiu-reports.spec.ts).
  lou: { email: 'lou@verity.test', email_verified: true, name: 'Lou Lead', groups: ['aml-leads'] },
  rita: { email: 'rita@verity.test', email_verified: true, name: 'Rita Reveal', groups: [] },
  leo: { email: 'leo@verity.test', email_verified: true, name: 'Leo Leak', groups: [] },
  cora: { email: 'cora@verity.test', email_verified: true, name: 'Cora Cases', groups: [] },
  cal: {
    email: 'cal@contractor.test',
    email_verified: true,
    name: 'Cal Cases',
    groups: ['aml-analysts'],
  },
  // An auditor where the instance names the group (AUTH_AUDITOR_GROUPS): tests/e2e/exam.spec.ts.
  aud: {
    email: 'aud@verity.test',
    email_verified: true,
    name: 'Aud Auditor',
    groups: ['aml-auditors'],
  },
}

/** Logins the provider no longer knows, as if disabled by an administrator. */
export const disabledAccounts = new Set<string>()

export type OidcServer = {
  issuer: string
  clientId: string
  clientSecret: string
  stop: () => Promise<void>
}

/** The provider on `port` (a free one when not given), for the client that returns to `redirectUri`. */
export async function startOidcProvider(redirectUri: string, port?: number): Promise<OidcServer> {
  port ??= await freePort()
  const issuer = `http://127.0.0.1:${port}`
  const clientId = 'verity-test'
  const clientSecret = 'verity-test-client-secret'
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    cookies: { keys: ['verity-test-provider-cookie-key'] },
    pkce: { required: () => true },
    // A refresh token whether or not offline_access was granted (it needs a consent prompt here).
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    findAccount: (_ctx, id) => {
      const account = accounts[id]
      if (!account || disabledAccounts.has(id)) return undefined
      return { accountId: id, claims: () => ({ sub: id, ...account }) }
    },
    // First-party console: no consent screen, the grant covers what Verity asks for.
    loadExistingGrant: async (ctx) => {
      const { client, session, result } = ctx.oidc
      if (!client || !session?.accountId) return undefined
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId)
      if (grantId) return ctx.oidc.provider.Grant.find(grantId)
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      })
      grant.addOIDCScope('openid email profile')
      await grant.save()
      return grant
    },
  })
  const server: Server = provider.listen(port, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
