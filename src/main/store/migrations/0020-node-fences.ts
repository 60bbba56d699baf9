import type { MigrationStep } from './migration-step'
import { TABLE } from './mysql-table-options'

export const nodeFences: MigrationStep = {
  version: 20,
  description: "node fences: a row per node and epoch that the node's transactions lock, apart from the lease its heartbeat renews",
  sqlite: {
    sql: `
      -- Every transaction that acts for a node locks this row in share mode, and a take-over deletes
      -- it (docs/cluster.md#epochs-a-fencing-token). Before, the fence was the node's job_node row
      -- itself, so the heartbeat's UPDATE of that row waited behind the node's own transactions
      -- (up to 11.8 s on MariaDB under load): renewals came late and the nodes took each other for
      -- dead. The heartbeat now writes only job_node, which nothing holds for longer than a statement.
      CREATE TABLE job_node_fence (
        node_id TEXT    PRIMARY KEY,
        epoch   INTEGER NOT NULL
      ) WITHOUT ROWID;
      INSERT INTO job_node_fence (node_id, epoch) SELECT node_id, epoch FROM job_node;
    `,
  },
  postgres: {
    statements: [
      'CREATE TABLE IF NOT EXISTS job_node_fence (node_id TEXT PRIMARY KEY, epoch BIGINT NOT NULL)',
      'INSERT INTO job_node_fence (node_id, epoch) SELECT node_id, epoch FROM job_node ON CONFLICT (node_id) DO NOTHING',
    ],
  },
  mysql: {
    // The node id as in job_node; the copy is written to be re-run (a step cut halfway runs again
    // whole).
    statements: [
      `CREATE TABLE IF NOT EXISTS job_node_fence (node_id VARCHAR(64) NOT NULL PRIMARY KEY, epoch BIGINT NOT NULL) ${TABLE}`,
      'INSERT IGNORE INTO job_node_fence (node_id, epoch) SELECT node_id, epoch FROM job_node',
    ],
  },
}
