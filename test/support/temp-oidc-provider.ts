/**
 * A throwaway OpenID Connect provider (oidc-provider) on 127.0.0.1 for the directory sign-in
 * tests: one static client that must use the authorization code flow with PKCE, and accounts whose
 * claims the test gives (`sub`, `email`, `preferred_username`, `groups`). Its development login
 * page takes any account name; the password field is not checked (the provider under test is
 * JobDesk's side of the flow, not the provider's password store).
 */
import type { Server } from 'node:http'
import Provider from 'oidc-provider'

export interface OidcAccount {
  sub: string
  preferred_username: string
  email: string
  groups: string[]
}

export interface TempOidcProvider {
  readonly issuer: string
  readonly clientId: string
  readonly clientSecret: string
  stop(): Promise<void>
}

export async function startTempOidcProvider(port: number, redirectUri: string, accounts: readonly OidcAccount[]): Promise<TempOidcProvider> {
  const issuer = `http://127.0.0.1:${port}`
  const clientId = 'jobdesk'
  const clientSecret = 'jobdesk-client-secret-0123'
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email'], profile: ['preferred_username', 'groups'] },
    cookies: { keys: ['test-cookie-key-0123456789abcdef'] },
    findAccount: (_context, id) => {
      const account = accounts.find((a) => a.sub === id)
      return account ? { accountId: id, claims: () => ({ ...account }) } : undefined
    },
  })
  const server: Server = provider.listen(port, '127.0.0.1')
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', reject)
  })
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
