import type { MigrationStep } from './migration-step'

/**
 * A job's env (issue 45): the environment variables a GLUE script gets, each naming a secret
 * (`{ "DB_PASS": "secrets.oracle_pw" }`), as JSON; NULL for a job without one. References only:
 * the values live in the secrets store and reach the script's process at trigger time.
 */
export const jobEnv: MigrationStep = {
  version: 34,
  description: "a job's env: the secrets a GLUE script gets as environment variables, by reference",
  sqlite: {
    sql: `
      ALTER TABLE job_info ADD COLUMN env TEXT;
    `,
  },
  postgres: {
    statements: ['ALTER TABLE job_info ADD COLUMN IF NOT EXISTS env TEXT'],
  },
  mysql: {
    // One statement: a re-run's "duplicate column" means it is done.
    statements: ['ALTER TABLE job_info ADD COLUMN env TEXT NULL'],
  },
}
