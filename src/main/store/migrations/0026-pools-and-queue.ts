import type { MigrationStep } from './migration-step'
import { TABLE } from './mysql-table-options'

export const poolsAndQueue: MigrationStep = {
  version: 26,
  description: 'resource pools, the slots runs hold and wait for, priority and maxConcurrent on jobs and groups',
  sqlite: {
    sql: `
      -- A resource pool (docs/capacity.md): a name jobs and flow nodes refer to, and its slots.
      CREATE TABLE job_pool (
        name        TEXT    PRIMARY KEY,
        slots       INTEGER NOT NULL,
        description TEXT    NOT NULL DEFAULT '',
        update_time INTEGER NOT NULL,
        updated_by  TEXT    NOT NULL DEFAULT ''
      );

      -- What a run holds or waits for, one row per (run, pool). pool is a pool's name, or a limit
      -- of the job's own ('job:<id>', maxConcurrent). state 'held' from the trigger's transaction
      -- to the run's end; 'waiting' while the run is queued. priority, order_time (its scheduled
      -- time, else its trigger time) and since_time order the queue and say how long it waited.
      CREATE TABLE job_pool_slot (
        log_id     INTEGER NOT NULL,
        pool       TEXT    NOT NULL,
        job_id     INTEGER NOT NULL,
        slots      INTEGER NOT NULL,
        state      TEXT    NOT NULL,
        priority   INTEGER NOT NULL,
        order_time INTEGER NOT NULL,
        since_time INTEGER NOT NULL,
        PRIMARY KEY (log_id, pool)
      );
      CREATE INDEX job_pool_slot_pool ON job_pool_slot (pool, state);

      -- One row per pool name a trigger takes slots from: locked (FOR UPDATE on the servers) so two
      -- nodes' transactions count a pool's held slots one after the other (SQLite has one writer).
      CREATE TABLE job_pool_lock (name TEXT PRIMARY KEY);

      -- pools: JSON [{ "name", "slots" }]; priority 1 (HIGHEST) … 9 (LOWEST); 0: no limit.
      ALTER TABLE job_info ADD COLUMN pools TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE job_info ADD COLUMN priority INTEGER NOT NULL DEFAULT 5;
      ALTER TABLE job_info ADD COLUMN max_concurrent INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE job_group ADD COLUMN max_concurrent INTEGER NOT NULL DEFAULT 0;
      -- A queued run: pending, not any node's to trigger, since this time (0: not queued). Not
      -- indexed: the queue is read from job_pool_slot, so an unqueued run's insert costs nothing more.
      ALTER TABLE job_log ADD COLUMN queue_time INTEGER NOT NULL DEFAULT 0;
    `,
  },
  postgres: {
    statements: [
      `CREATE TABLE IF NOT EXISTS job_pool (
        name        TEXT    PRIMARY KEY,
        slots       INTEGER NOT NULL,
        description TEXT    NOT NULL DEFAULT '',
        update_time BIGINT  NOT NULL,
        updated_by  TEXT    NOT NULL DEFAULT ''
      )`,
      `CREATE TABLE IF NOT EXISTS job_pool_slot (
        log_id     BIGINT  NOT NULL,
        pool       TEXT    NOT NULL,
        job_id     BIGINT  NOT NULL,
        slots      INTEGER NOT NULL,
        state      TEXT    NOT NULL,
        priority   INTEGER NOT NULL,
        order_time BIGINT  NOT NULL,
        since_time BIGINT  NOT NULL,
        PRIMARY KEY (log_id, pool)
      )`,
      'CREATE INDEX IF NOT EXISTS job_pool_slot_pool ON job_pool_slot (pool, state)',
      'CREATE TABLE IF NOT EXISTS job_pool_lock (name TEXT PRIMARY KEY)',
      `ALTER TABLE job_info ADD COLUMN IF NOT EXISTS pools TEXT NOT NULL DEFAULT '[]'`,
      'ALTER TABLE job_info ADD COLUMN IF NOT EXISTS priority INTEGER NOT NULL DEFAULT 5',
      'ALTER TABLE job_info ADD COLUMN IF NOT EXISTS max_concurrent INTEGER NOT NULL DEFAULT 0',
      'ALTER TABLE job_group ADD COLUMN IF NOT EXISTS max_concurrent INTEGER NOT NULL DEFAULT 0',
      'ALTER TABLE job_log ADD COLUMN IF NOT EXISTS queue_time BIGINT NOT NULL DEFAULT 0',
    ],
  },
  mysql: {
    // A re-run's "table exists" and "duplicate column" are taken as done.
    statements: [
      `CREATE TABLE IF NOT EXISTS job_pool (
        name        VARCHAR(191) NOT NULL PRIMARY KEY,
        slots       INT          NOT NULL,
        description VARCHAR(500) NOT NULL DEFAULT '',
        update_time BIGINT       NOT NULL,
        updated_by  VARCHAR(191) NOT NULL DEFAULT ''
      ) ${TABLE}`,
      `CREATE TABLE IF NOT EXISTS job_pool_slot (
        log_id     BIGINT       NOT NULL,
        pool       VARCHAR(191) NOT NULL,
        job_id     BIGINT       NOT NULL,
        slots      INT          NOT NULL,
        state      VARCHAR(16)  NOT NULL,
        priority   INT          NOT NULL,
        order_time BIGINT       NOT NULL,
        since_time BIGINT       NOT NULL,
        PRIMARY KEY (log_id, pool),
        KEY job_pool_slot_pool (pool, state)
      ) ${TABLE}`,
      `CREATE TABLE IF NOT EXISTS job_pool_lock (name VARCHAR(191) NOT NULL PRIMARY KEY) ${TABLE}`,
      `ALTER TABLE job_info ADD COLUMN pools VARCHAR(2000) NOT NULL DEFAULT '[]'`,
      'ALTER TABLE job_info ADD COLUMN priority INT NOT NULL DEFAULT 5',
      'ALTER TABLE job_info ADD COLUMN max_concurrent INT NOT NULL DEFAULT 0',
      'ALTER TABLE job_group ADD COLUMN max_concurrent INT NOT NULL DEFAULT 0',
      'ALTER TABLE job_log ADD COLUMN queue_time BIGINT NOT NULL DEFAULT 0',
    ],
  },
}
