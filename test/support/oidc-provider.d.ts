// oidc-provider ships no types: the part of its API the test provider uses (temp-oidc-provider.ts).
declare module 'oidc-provider' {
  import type { Server } from 'node:http'

  interface Account {
    accountId: string
    claims: () => Record<string, unknown>
  }

  interface Configuration {
    clients: Record<string, unknown>[]
    pkce?: { required: () => boolean }
    claims?: Record<string, string[]>
    cookies?: { keys: string[] }
    findAccount: (context: unknown, id: string) => Account | undefined | Promise<Account | undefined>
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration)
    listen(port: number, host: string): Server
  }
}
