import type { MigrationStep } from './migration-step'

/**
 * Typed parameters (docs/parameters.md): what a job or a flow declares it takes and how the values
 * become its one parameter string, and the typed values a run was given. NULL everywhere means
 * none, so a job without declared params reads, and fires, as it did before.
 */
export const typedParams: MigrationStep = {
  version: 32,
  description: "typed parameters: a job's and a flow's declared params, their format and template, and a run's typed values",
  sqlite: {
    sql: `
      -- params: JSON [{ name, type, required, default, enum, pattern, description }].
      ALTER TABLE job_info ADD COLUMN params TEXT;
      ALTER TABLE job_info ADD COLUMN param_format TEXT;
      ALTER TABLE job_info ADD COLUMN param_template TEXT;
      ALTER TABLE job_flow ADD COLUMN params TEXT;
      ALTER TABLE job_flow ADD COLUMN param_format TEXT;
      ALTER TABLE job_flow ADD COLUMN param_template TEXT;
      -- JSON { name: value } as triggered; a secret parameter as its \${secrets.NAME} reference.
      ALTER TABLE job_log ADD COLUMN typed_params TEXT;
    `,
  },
  postgres: {
    statements: [
      'ALTER TABLE job_info ADD COLUMN IF NOT EXISTS params TEXT',
      'ALTER TABLE job_info ADD COLUMN IF NOT EXISTS param_format TEXT',
      'ALTER TABLE job_info ADD COLUMN IF NOT EXISTS param_template TEXT',
      'ALTER TABLE job_flow ADD COLUMN IF NOT EXISTS params TEXT',
      'ALTER TABLE job_flow ADD COLUMN IF NOT EXISTS param_format TEXT',
      'ALTER TABLE job_flow ADD COLUMN IF NOT EXISTS param_template TEXT',
      'ALTER TABLE job_log ADD COLUMN IF NOT EXISTS typed_params TEXT',
    ],
  },
  mysql: {
    // One column a statement: a re-run's "duplicate column" means that one is done.
    statements: [
      'ALTER TABLE job_info ADD COLUMN params MEDIUMTEXT NULL',
      'ALTER TABLE job_info ADD COLUMN param_format VARCHAR(16) NULL',
      'ALTER TABLE job_info ADD COLUMN param_template TEXT NULL',
      'ALTER TABLE job_flow ADD COLUMN params MEDIUMTEXT NULL',
      'ALTER TABLE job_flow ADD COLUMN param_format VARCHAR(16) NULL',
      'ALTER TABLE job_flow ADD COLUMN param_template TEXT NULL',
      'ALTER TABLE job_log ADD COLUMN typed_params TEXT NULL',
    ],
  },
}
