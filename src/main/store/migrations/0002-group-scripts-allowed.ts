import type { MigrationStep } from './migration-step'

export const groupScriptsAllowed: MigrationStep = {
  version: 2,
  description: 'a group may let its own token manage script jobs',
  sqlite: {
    sql: `
      ALTER TABLE job_group ADD COLUMN scripts_allowed INTEGER NOT NULL DEFAULT 0;
    `,
  },
}
