import type { MigrationStep } from './migration-step'
import { storageContractMysql } from './0005-storage-contract-mysql'
import { storageContractPostgres } from './0005-storage-contract-postgres'

export const storageContract: MigrationStep = {
  version: 5,
  description: 'the storage contract shared with PostgreSQL and MySQL: cluster nodes, leases, ring owners, routing state, definition versions',
  sqlite: {
    sql: `
      -- Names every engine accepts (CONDITION and KEY are reserved words in MySQL).
      ALTER TABLE job_link RENAME COLUMN condition TO link_condition;
      ALTER TABLE setting RENAME COLUMN key TO name;

      -- Each planned fire belongs to the node whose ring holds it; a dead node's are taken over.
      ALTER TABLE job_ring ADD COLUMN node_id TEXT NOT NULL DEFAULT '';
      CREATE INDEX job_ring_node ON job_ring(node_id);

      CREATE TABLE job_node (
        node_id          TEXT    PRIMARY KEY,
        node_name        TEXT    NOT NULL,
        embedded_address TEXT    NOT NULL,
        admin_url        TEXT    NOT NULL DEFAULT '',
        started_at       INTEGER NOT NULL,
        heartbeat_at     INTEGER NOT NULL,
        lease_until      INTEGER NOT NULL
      );

      -- Periodic work (retention, report, lost-run sweep) is done by one node at a time.
      CREATE TABLE job_lease (
        name        TEXT    PRIMARY KEY,
        node_id     TEXT    NOT NULL,
        lease_until INTEGER NOT NULL
      );

      -- Raised with every write to jobs, links or settings, so caches (on every node) reread only what changed.
      CREATE TABLE job_version (
        name    TEXT    PRIMARY KEY,
        version INTEGER NOT NULL
      );
      INSERT INTO job_version (name, version) VALUES ('jobs', 0), ('links', 0), ('settings', 0);

      -- ROUND, LFU and LRU state with the job, the same for every node.
      CREATE TABLE job_route_seq (
        job_id INTEGER PRIMARY KEY,
        seq    INTEGER NOT NULL
      );
      CREATE TABLE job_route_use (
        job_id       INTEGER NOT NULL,
        address      TEXT    NOT NULL,
        use_count    INTEGER NOT NULL,
        last_used    INTEGER NOT NULL,
        window_start INTEGER NOT NULL,
        PRIMARY KEY (job_id, address)
      ) WITHOUT ROWID;

      -- The scan's lock is its transaction (SQLite: one writer per file; elsewhere: row locks).
      DROP TABLE job_lock;
    `,
  },
  postgres: storageContractPostgres,
  mysql: storageContractMysql,
}
