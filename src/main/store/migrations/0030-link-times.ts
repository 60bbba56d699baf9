import type { MigrationStep } from './migration-step'

/**
 * When each child-job link was made (or its condition last changed): a run fires only the links
 * that existed when it was triggered, so a run declared lost an hour after it started does not
 * fire a child linked in the meantime. Links made before this migration count as always there (0).
 */
export const linkTimes: MigrationStep = {
  version: 30,
  description: 'the time each child-job link was made, so a run fires only the links that existed when it started',
  sqlite: {
    sql: `
      ALTER TABLE job_link ADD COLUMN made_time INTEGER NOT NULL DEFAULT 0;
    `,
  },
  postgres: {
    statements: ['ALTER TABLE job_link ADD COLUMN IF NOT EXISTS made_time BIGINT NOT NULL DEFAULT 0'],
  },
  mysql: {
    // One statement: a re-run's "duplicate column" means it is done.
    statements: ['ALTER TABLE job_link ADD COLUMN made_time BIGINT NOT NULL DEFAULT 0'],
  },
}
