import type { MigrationStep } from './migration-step'

/**
 * A flow run's typed values (issue 45): what a run of a flow with declared params was given, as
 * JSON `{ name: value }`, a secret parameter as its `${secrets.NAME}` reference, as a job run keeps
 * them in job_log.typed_params. NULL for every other run.
 */
export const flowRunTypedParams: MigrationStep = {
  version: 37,
  description: "a flow run's typed parameter values, secrets as references",
  sqlite: {
    sql: `
      ALTER TABLE job_flow_run ADD COLUMN typed_params TEXT;
    `,
  },
  postgres: {
    statements: ['ALTER TABLE job_flow_run ADD COLUMN IF NOT EXISTS typed_params TEXT'],
  },
  mysql: {
    // One statement: a re-run's "duplicate column" means it is done.
    statements: ['ALTER TABLE job_flow_run ADD COLUMN typed_params TEXT NULL'],
  },
}
