import type { MigrationStep } from './migration-step'

/**
 * `job_ring` loses its index on `node_id` (issue 47). Every fire inserts a ring row and its claim
 * deletes it, and the node index made each of the two cost about twice what it does without it
 * (SQLite, 10k fires a second: 2.8 against 1.1–1.7 µs a row). The claim finds its rows by primary key
 * and only checks the node on them; what reads by node — a node's own fires at its start, a dead
 * node's at a take-over, the owners each heartbeat looks for, the cluster view's counts — walks a
 * ring of a few seconds' fires, about as fast as through the index (1.8 against 1.3 ms at 50k rows).
 */
export const ringWithoutNodeIndex: MigrationStep = {
  version: 38,
  description: 'the ring of planned fires without its node index: each fire writes and deletes one index entry less',
  sqlite: {
    sql: `
      DROP INDEX IF EXISTS job_ring_node;
    `,
  },
  postgres: {
    statements: ['DROP INDEX IF EXISTS job_ring_node'],
  },
  mysql: {
    // One statement: a re-run's "can't drop" means it is done (mysql-migration-session.ts).
    statements: ['ALTER TABLE job_ring DROP INDEX job_ring_node'],
  },
}
