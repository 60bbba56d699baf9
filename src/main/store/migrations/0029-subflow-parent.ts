import type { MigrationStep } from './migration-step'

/**
 * Sub-flows (docs/flows.md#sub-flows): a flow run a parent flow's subflow node started names that
 * node — the parent run, the node's key and the node's attempt it was started for — so the child's
 * end decides that attempt of that node only (a retry's new child run never meets the old one's end),
 * and a parent's kill finds its children. 0 / '' on every run no parent started.
 */
export const subflowParent: MigrationStep = {
  version: 29,
  description: 'the parent flow run, node key and node attempt of a flow run started by a subflow node',
  sqlite: {
    sql: `
      ALTER TABLE job_flow_run ADD COLUMN parent_flow_run_id INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE job_flow_run ADD COLUMN parent_key TEXT NOT NULL DEFAULT '';
      ALTER TABLE job_flow_run ADD COLUMN parent_attempt INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX job_flow_run_parent ON job_flow_run(parent_flow_run_id);
    `,
  },
  postgres: {
    statements: [
      'ALTER TABLE job_flow_run ADD COLUMN IF NOT EXISTS parent_flow_run_id BIGINT NOT NULL DEFAULT 0',
      "ALTER TABLE job_flow_run ADD COLUMN IF NOT EXISTS parent_key TEXT NOT NULL DEFAULT ''",
      'ALTER TABLE job_flow_run ADD COLUMN IF NOT EXISTS parent_attempt INTEGER NOT NULL DEFAULT 0',
      'CREATE INDEX IF NOT EXISTS job_flow_run_parent ON job_flow_run(parent_flow_run_id)',
    ],
  },
  mysql: {
    // A re-run's "duplicate column" and "duplicate key name" are taken as done.
    statements: [
      "ALTER TABLE job_flow_run ADD COLUMN parent_flow_run_id BIGINT NOT NULL DEFAULT 0, ADD COLUMN parent_key VARCHAR(64) NOT NULL DEFAULT '', ADD COLUMN parent_attempt INT NOT NULL DEFAULT 0",
      'ALTER TABLE job_flow_run ADD KEY job_flow_run_parent (parent_flow_run_id)',
    ],
  },
}
