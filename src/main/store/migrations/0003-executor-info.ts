import type { MigrationStep } from './migration-step'

export const executorInfo: MigrationStep = {
  version: 3,
  description: 'what a JobDesk agent reports of itself at registration (version, handlers, scripts)',
  sqlite: {
    sql: `
      ALTER TABLE job_registry ADD COLUMN executor_info TEXT;
    `,
  },
}
