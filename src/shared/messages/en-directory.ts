/** English text of the directory sign-in messages (LDAP, OpenID Connect), by code (see ./index.ts). */
export const enDirectoryMessages = {
  'directory.disabled': 'your user is disabled in JobDesk; ask an admin',
  'directory.noRole': 'the directory gives you no JobDesk role (not in any mapped group); ask an admin',
  'directory.notFound': 'the directory no longer knows this user; their sessions have ended and their personal tokens are suspended until they sign in again',
  'directory.unavailable': 'the directory could not be reached; try again, or ask an admin',
  'directory.nameTaken': "'{name}' is already a JobDesk user of another kind ({source}); ask an admin",
  'directory.required': 'sign in through the company directory: local passwords are off (except the break-glass admin)',
  'directory.useOidc': 'this user signs in with the single sign-on button, not a password',
  'directory.noPassword': "a directory user's password is kept by the directory, not by JobDesk",
  'directory.oidcOff': 'sign-in through an OpenID Connect provider is not configured on this server',
  'directory.oidcState': 'the sign-in could not be matched to one this browser started (expired, used, or tampered with); start again',
  'directory.oidcFailed': 'the identity provider did not confirm the sign-in; start again',
} as const
