/**
 * Headless mode's flags: `npm run serve -- [--port P] [--host H] [--data-dir D] …`, the scheduler,
 * the embedded executor and the console under plain Node, for an on-prem server without a desktop.
 * Kept apart from serve.ts (which starts the server when loaded) so a test can hold the usage text,
 * the parser and docs/headless.md to one list.
 */
export const SERVE_OPTIONS = {
  port: { type: 'string', default: '8080' },
  host: { type: 'string', default: '127.0.0.1' },
  'data-dir': { type: 'string' },
  'console-token': { type: 'string' },
  'admin-password-file': { type: 'string' },
  'secrets-key-file': { type: 'string' },
  token: { type: 'string' },
  'api-token': { type: 'string' },
  'enable-scripts': { type: 'boolean', default: false },
  handlers: { type: 'string', multiple: true },
  'registry-beat-ms': { type: 'string' },
  'registry-dead-ms': { type: 'string' },
  'registry-sweep-ms': { type: 'string' },
  'retry-jitter': { type: 'string' },
  'no-demo': { type: 'boolean', default: false },
  database: { type: 'string' },
  'node-name': { type: 'string' },
  'node-url': { type: 'string' },
  'metrics-public': { type: 'boolean', default: false },
  'log-format': { type: 'string', default: 'text' },
  'ldap-url': { type: 'string' },
  'ldap-bind-dn': { type: 'string' },
  'ldap-bind-password-file': { type: 'string' },
  'ldap-user-base': { type: 'string' },
  'ldap-user-filter': { type: 'string' },
  'ldap-group-base': { type: 'string' },
  'ldap-group-filter': { type: 'string' },
  'oidc-issuer': { type: 'string' },
  'oidc-client-id': { type: 'string' },
  'oidc-client-secret-file': { type: 'string' },
  'oidc-redirect-url': { type: 'string' },
  'oidc-name': { type: 'string' },
  'directory-roles': { type: 'string' },
  'require-directory-sign-in': { type: 'boolean', default: false },
  'break-glass-user': { type: 'string' },
  help: { type: 'boolean', default: false },
} as const

export const SERVE_USAGE = `usage: npm run serve -- [--port 8080] [--host 127.0.0.1] [--data-dir DIR] [--handlers DIR]… [--token EXECUTOR_TOKEN]
                     [--api-token API_TOKEN] [--console-token TOKEN] [--admin-password-file FILE] [--secrets-key-file FILE] [--enable-scripts] [--retry-jitter 0.1] [--no-demo]
                     [--database postgres://user@host:5432/db | mysql://user@host:3306/db | FILE] [--node-name NAME] [--node-url URL]
                     [--registry-beat-ms 30000] [--registry-dead-ms 90000] [--registry-sweep-ms 30000] [--metrics-public] [--log-format text|json]
                     [--ldap-url ldap://HOST:389 --ldap-user-base DN [--ldap-bind-dn DN --ldap-bind-password-file FILE]
                      [--ldap-user-filter '(uid={{username}})'] [--ldap-group-base DN] [--ldap-group-filter '(member={{dn}})']]
                     [--oidc-issuer URL --oidc-client-id ID [--oidc-client-secret-file FILE] [--oidc-redirect-url URL] [--oidc-name NAME]]
                     [--directory-roles FILE] [--require-directory-sign-in] [--break-glass-user admin] [--help]`
