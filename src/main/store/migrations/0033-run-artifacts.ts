import type { MigrationStep } from './migration-step'
import { TABLE } from './mysql-table-options'

/**
 * Run artifacts (docs/artifacts.md): the index of the files a run left behind, kept under
 * `<data-dir>/artifacts/<run id>/<name>`. A row goes with its run (retention deletes the rows in the
 * runs' transaction, then the files), so the index never names a file of a run that is gone.
 */
export const runArtifacts: MigrationStep = {
  version: 33,
  description: 'run artifacts: the index of the files a run left behind, and the one-time links flow nodes fetch them by',
  sqlite: {
    sql: `
      CREATE TABLE job_artifact (
        run_id                INTEGER NOT NULL,
        name                  TEXT    NOT NULL,
        size                  INTEGER NOT NULL,
        content_type          TEXT    NOT NULL,
        sha256                TEXT    NOT NULL,
        stored_at             INTEGER NOT NULL,
        PRIMARY KEY (run_id, name)
      );
      -- The one-time links a flow node's run fetches another node's artifact by: a link's id once
      -- used stays here until the link expires, so a second fetch is refused (on any node).
      CREATE TABLE job_artifact_fetch (
        token_id              TEXT    NOT NULL PRIMARY KEY,
        expires_at            INTEGER NOT NULL
      );
    `,
  },
  postgres: {
    statements: [
      `CREATE TABLE IF NOT EXISTS job_artifact (
        run_id                BIGINT  NOT NULL,
        name                  TEXT    NOT NULL,
        size                  BIGINT  NOT NULL,
        content_type          TEXT    NOT NULL,
        sha256                TEXT    NOT NULL,
        stored_at             BIGINT  NOT NULL,
        PRIMARY KEY (run_id, name)
      )`,
      `CREATE TABLE IF NOT EXISTS job_artifact_fetch (
        token_id              TEXT    NOT NULL PRIMARY KEY,
        expires_at            BIGINT  NOT NULL
      )`,
    ],
  },
  mysql: {
    // A re-run's "table exists" is taken as done.
    statements: [
      `CREATE TABLE IF NOT EXISTS job_artifact (
        run_id                BIGINT       NOT NULL,
        name                  VARCHAR(255) NOT NULL,
        size                  BIGINT       NOT NULL,
        content_type          VARCHAR(100) NOT NULL,
        sha256                VARCHAR(64)  NOT NULL,
        stored_at             BIGINT       NOT NULL,
        PRIMARY KEY (run_id, name)
      ) ${TABLE}`,
      `CREATE TABLE IF NOT EXISTS job_artifact_fetch (
        token_id              VARCHAR(64)  NOT NULL PRIMARY KEY,
        expires_at            BIGINT       NOT NULL
      ) ${TABLE}`,
    ],
  },
}
