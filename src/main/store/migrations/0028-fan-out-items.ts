import type { MigrationStep } from './migration-step'
import { TABLE } from './mysql-table-options'

export const fanOutItems: MigrationStep = {
  version: 28,
  description: "fan-out: a flow node's items (forEach), and which item a node's job run is for",
  sqlite: {
    sql: `
      -- One item of a fan-out node's attempt (docs/flows.md#fan-out-foreach). An item is claimed
      -- (pending → running) in the transaction that writes its first job run, while fewer than the
      -- node's forEachConcurrency items run; log_id is its latest run (a retry takes its place).
      -- A table with a rowid: a row holds an output of up to 4 KB.
      CREATE TABLE job_flow_item (
        flow_run_id           INTEGER NOT NULL,
        node_key              TEXT    NOT NULL,
        attempt               INTEGER NOT NULL,
        item_index            INTEGER NOT NULL,
        state                 TEXT    NOT NULL DEFAULT 'pending',
        log_id                INTEGER NOT NULL DEFAULT 0,
        output                TEXT    NOT NULL DEFAULT '',
        start_time            INTEGER NOT NULL DEFAULT 0,
        end_time              INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (flow_run_id, node_key, attempt, item_index)
      );
      -- The items running now, across every run: the sweep's look for completions they missed.
      CREATE INDEX job_flow_item_state ON job_flow_item(state);

      -- The item a node's job run is for; -1 for the run of a node that fans out over nothing.
      ALTER TABLE job_flow_step ADD COLUMN item_index INTEGER NOT NULL DEFAULT -1;
    `,
  },
  postgres: {
    statements: [
      `CREATE TABLE IF NOT EXISTS job_flow_item (
        flow_run_id           BIGINT  NOT NULL,
        node_key              TEXT    NOT NULL,
        attempt               INTEGER NOT NULL,
        item_index            INTEGER NOT NULL,
        state                 TEXT    NOT NULL DEFAULT 'pending',
        log_id                BIGINT  NOT NULL DEFAULT 0,
        output                TEXT    NOT NULL DEFAULT '',
        start_time            BIGINT  NOT NULL DEFAULT 0,
        end_time              BIGINT  NOT NULL DEFAULT 0,
        PRIMARY KEY (flow_run_id, node_key, attempt, item_index)
      )`,
      'CREATE INDEX IF NOT EXISTS job_flow_item_state ON job_flow_item(state)',
      'ALTER TABLE job_flow_step ADD COLUMN IF NOT EXISTS item_index INTEGER NOT NULL DEFAULT -1',
    ],
  },
  mysql: {
    // A re-run's "table exists" and "duplicate column" are taken as done.
    statements: [
      `CREATE TABLE IF NOT EXISTS job_flow_item (
        flow_run_id           BIGINT      NOT NULL,
        node_key              VARCHAR(64) NOT NULL,
        attempt               INT         NOT NULL,
        item_index            INT         NOT NULL,
        state                 VARCHAR(16) NOT NULL DEFAULT 'pending',
        log_id                BIGINT      NOT NULL DEFAULT 0,
        output                TEXT        NOT NULL DEFAULT (''),
        start_time            BIGINT      NOT NULL DEFAULT 0,
        end_time              BIGINT      NOT NULL DEFAULT 0,
        PRIMARY KEY (flow_run_id, node_key, attempt, item_index),
        KEY job_flow_item_state (state)
      ) ${TABLE}`,
      'ALTER TABLE job_flow_step ADD COLUMN item_index INT NOT NULL DEFAULT -1',
    ],
  },
}
