import type { MigrationStep } from './migration-step'

export const auditFold: MigrationStep = {
  version: 19,
  description: 'audit: identical refusals within a minute folded into one row with a count',
  sqlite: {
    sql: `
      -- A refusal repeated by the same actor from the same address (same action, target and reason)
      -- within one minute adds to the row of its first occurrence instead of writing another
      -- (audit/audit-fold.ts): a flood of refused requests costs one row a minute, with its count.
      -- fold_key: a digest of (minute, actor, source, action, target, reason), NULL for rows that
      -- are never folded (everything but refusals); the unique index makes the fold one row on
      -- every node (NULLs are distinct in a UNIQUE index on all three engines).
      ALTER TABLE job_audit ADD COLUMN repeat_count INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE job_audit ADD COLUMN fold_key TEXT;
      CREATE UNIQUE INDEX job_audit_fold ON job_audit(fold_key);
    `,
  },
  postgres: {
    statements: [
      'ALTER TABLE job_audit ADD COLUMN IF NOT EXISTS repeat_count INTEGER NOT NULL DEFAULT 1',
      'ALTER TABLE job_audit ADD COLUMN IF NOT EXISTS fold_key TEXT',
      'CREATE UNIQUE INDEX IF NOT EXISTS job_audit_fold ON job_audit(fold_key)',
    ],
  },
  mysql: {
    // The key is 43 base64url characters (SHA-256); NULLs are distinct in a UNIQUE key. One statement:
    // a step cut halfway must not be left half done.
    statements: [
      'ALTER TABLE job_audit ADD COLUMN repeat_count INT NOT NULL DEFAULT 1, ADD COLUMN fold_key CHAR(43) NULL, ADD UNIQUE KEY job_audit_fold (fold_key)',
    ],
  },
}
