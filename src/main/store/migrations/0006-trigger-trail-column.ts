import type { MigrationStep } from './migration-step'

export const triggerTrailColumn: MigrationStep = {
  version: 6,
  description: 'the trigger trail as data beside trigger_msg, for the console to render in its language',
  sqlite: {
    sql: `
      -- JSON of src/shared/trigger-trail.ts; NULL for runs written before (the console shows trigger_msg).
      ALTER TABLE job_log ADD COLUMN trigger_trail TEXT;
    `,
  },
  postgres: {
    statements: ['ALTER TABLE job_log ADD COLUMN IF NOT EXISTS trigger_trail TEXT'],
  },
  mysql: {
    // MySQL 8 has no ADD COLUMN IF NOT EXISTS: a re-run's "duplicate column" is taken as done (mysql-migration-session.ts).
    statements: ['ALTER TABLE job_log ADD COLUMN trigger_trail LONGTEXT'],
  },
}
