// The few parts of oidc-provider (which ships no types) that the sign-in tests use.
declare module 'oidc-provider' {
  import type { Server } from 'node:http'

  type Grant = {
    addOIDCScope: (scope: string) => void
    save: () => Promise<string>
  }
  type Context = {
    oidc: {
      client?: { clientId: string }
      session?: { accountId?: string; grantIdFor: (clientId: string) => string | undefined }
      result?: { consent?: { grantId?: string } }
      provider: {
        Grant: (new (init: { clientId: string; accountId: string }) => Grant) & {
          find: (id: string) => Promise<Grant | undefined>
        }
      }
    }
  }
  type Account = { accountId: string; claims: () => Record<string, unknown> }
  type Configuration = {
    clients: Record<string, unknown>[]
    claims: Record<string, string[]>
    cookies: { keys: string[] }
    pkce: { required: () => boolean }
    issueRefreshToken: (
      ctx: Context,
      client: { grantTypeAllowed: (type: string) => boolean },
    ) => boolean | Promise<boolean>
    findAccount: (ctx: Context, id: string) => Account | undefined | Promise<Account | undefined>
    loadExistingGrant: (ctx: Context) => Promise<Grant | undefined>
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration)
    listen(port: number, host: string): Server
  }
}
