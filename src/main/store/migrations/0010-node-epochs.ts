import type { MigrationStep } from './migration-step'

export const nodeEpochs: MigrationStep = {
  version: 10,
  description: 'fencing: an epoch per node life, and the node that wrote each run until it is triggered',
  sqlite: {
    sql: `
      -- A node's lease carries the epoch it joined with; its transactions check it, so a node taken
      -- for dead cannot write on what it planned (docs/cluster.md). Raised from job_version's counter.
      ALTER TABLE job_node ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0;
      INSERT INTO job_version (name, version) VALUES ('node-epoch', 0);
      -- The node that wrote a run and will trigger it: when that node dies before the trigger, the
      -- node that takes over its work triggers the run instead (the pending-run index finds them).
      ALTER TABLE job_log ADD COLUMN trigger_node TEXT NOT NULL DEFAULT '';
    `,
  },
  postgres: {
    statements: [
      'ALTER TABLE job_node ADD COLUMN epoch BIGINT NOT NULL DEFAULT 0',
      "INSERT INTO job_version (name, version) VALUES ('node-epoch', 0) ON CONFLICT DO NOTHING",
      "ALTER TABLE job_log ADD COLUMN trigger_node TEXT NOT NULL DEFAULT ''",
    ],
  },
  mysql: {
    // A re-run's "duplicate column" is taken as done.
    statements: [
      'ALTER TABLE job_node ADD COLUMN epoch BIGINT NOT NULL DEFAULT 0',
      "INSERT IGNORE INTO job_version (name, version) VALUES ('node-epoch', 0)",
      "ALTER TABLE job_log ADD COLUMN trigger_node VARCHAR(64) NOT NULL DEFAULT ''",
    ],
  },
}
