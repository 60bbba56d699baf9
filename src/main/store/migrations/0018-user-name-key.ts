import type { MigrationStep } from './migration-step'

export const userNameKey: MigrationStep = {
  version: 18,
  description: 'user names keyed without case; personal tokens suspended while their directory user is gone',
  sqlite: {
    sql: `
      -- name_key: the name as src/shared/user-name.ts folds it (ASCII letters in lower case, as
      -- lower() does); unique, so Admin can never be a second account beside admin, whatever
      -- the directory says. Rows that already differ only in case keep one key: the local account's,
      -- else the oldest row's. The others have none (NULL, which a unique index does not compare):
      -- nobody signs in as them by name until an admin renames them.
      ALTER TABLE job_user ADD COLUMN name_key TEXT;
      UPDATE job_user SET name_key = lower(name)
      WHERE NOT EXISTS (
        SELECT 1 FROM job_user earlier
        WHERE lower(earlier.name) = lower(job_user.name) AND earlier.id <> job_user.id
          AND ((earlier.source = 'local' AND job_user.source <> 'local')
            OR ((earlier.source = 'local') = (job_user.source = 'local') AND earlier.id < job_user.id))
      );
      CREATE UNIQUE INDEX job_user_folded_name ON job_user(name_key);

      -- suspended_at: when a directory sign-in found the owner gone (or without a role); 0 while
      -- live. Unlike revoked_at it is undone: the owner's next successful sign-in sets it back to 0.
      ALTER TABLE job_api_token ADD COLUMN suspended_at INTEGER NOT NULL DEFAULT 0;
    `,
  },
  postgres: {
    // NULL keys are distinct in a UNIQUE index here too.
    statements: [
      'ALTER TABLE job_user ADD COLUMN IF NOT EXISTS name_key TEXT',
      `UPDATE job_user SET name_key = lower(name)
       WHERE NOT EXISTS (
         SELECT 1 FROM job_user earlier
         WHERE lower(earlier.name) = lower(job_user.name) AND earlier.id <> job_user.id
           AND ((earlier.source = 'local' AND job_user.source <> 'local')
             OR ((earlier.source = 'local') = (job_user.source = 'local') AND earlier.id < job_user.id))
       )`,
      'CREATE UNIQUE INDEX IF NOT EXISTS job_user_folded_name ON job_user(name_key)',
      'ALTER TABLE job_api_token ADD COLUMN IF NOT EXISTS suspended_at BIGINT NOT NULL DEFAULT 0',
    ],
  },
  mysql: {
    // MySQL refuses a subquery on the table an UPDATE writes, so the rows that keep a key are found by
    // a self-join. Every statement re-runs: a duplicate column or key is taken as done, and the UPDATE
    // writes the same keys again.
    statements: [
      'ALTER TABLE job_user ADD COLUMN name_key VARCHAR(255) NULL',
      `UPDATE job_user u
       LEFT JOIN job_user earlier
         ON LOWER(earlier.name) = LOWER(u.name) AND earlier.id <> u.id
        AND ((earlier.source = 'local' AND u.source <> 'local')
          OR ((earlier.source = 'local') = (u.source = 'local') AND earlier.id < u.id))
       SET u.name_key = LOWER(u.name)
       WHERE earlier.id IS NULL`,
      'ALTER TABLE job_user ADD UNIQUE KEY job_user_folded_name (name_key)',
      'ALTER TABLE job_api_token ADD COLUMN suspended_at BIGINT NOT NULL DEFAULT 0',
    ],
  },
}
