import type { MigrationStep } from './migration-step'

export const directoryUsers: MigrationStep = {
  version: 16,
  description: 'directory users: where a user signs in (local, LDAP, OIDC) and their id in that directory',
  sqlite: {
    sql: `
      -- source: 'local' (a password kept here), 'ldap' or 'oidc' (the directory checks who they are;
      -- password_hash is ''). directory_id: the LDAP entry's DN, or the OIDC issuer and subject
      -- joined by a space: what stays the same when a name or a group changes.
      ALTER TABLE job_user ADD COLUMN source TEXT NOT NULL DEFAULT 'local';
      ALTER TABLE job_user ADD COLUMN directory_id TEXT NOT NULL DEFAULT '';
    `,
  },
  postgres: {
    statements: [
      "ALTER TABLE job_user ADD COLUMN IF NOT EXISTS source TEXT NOT NULL DEFAULT 'local'",
      "ALTER TABLE job_user ADD COLUMN IF NOT EXISTS directory_id TEXT NOT NULL DEFAULT ''",
    ],
  },
  mysql: {
    // A DN or an issuer URL and subject fit in 1024. One statement: MySQL commits each DDL on its own,
    // and a step cut halfway must not be left half done.
    statements: ["ALTER TABLE job_user ADD COLUMN source VARCHAR(16) NOT NULL DEFAULT 'local', ADD COLUMN directory_id VARCHAR(1024) NOT NULL DEFAULT ''"],
  },
}
