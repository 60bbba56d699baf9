import type { MigrationStep } from './migration-step'

export const clockSkew: MigrationStep = {
  version: 21,
  description: "clock skew: each node's clock against the database's, as the node last measured it",
  sqlite: {
    sql: `
      -- The node's clock less the database server's, in milliseconds (positive: ahead), measured by
      -- the node at its heartbeats (src/shared/clock-skew.ts) so that the other nodes and the
      -- console see it. NULL: not measured. SQLite has no server clock: every process sharing
      -- the file runs on one machine, with one clock, and leaves it NULL.
      ALTER TABLE job_node ADD COLUMN clock_skew_ms INTEGER;
    `,
  },
  postgres: {
    statements: ['ALTER TABLE job_node ADD COLUMN IF NOT EXISTS clock_skew_ms INTEGER'],
  },
  mysql: {
    // A re-run's "duplicate column" is taken as done.
    statements: ['ALTER TABLE job_node ADD COLUMN clock_skew_ms INT NULL'],
  },
}
