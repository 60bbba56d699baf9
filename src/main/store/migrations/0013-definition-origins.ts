import type { MigrationStep } from './migration-step'
import { TABLE } from './mysql-table-options'

export const definitionOrigins: MigrationStep = {
  version: 13,
  description: 'definition files: which groups, jobs and flows were applied from which file',
  sqlite: {
    sql: `
      -- What jobdesk apply -f wrote from a file (src/shared/definition-origin.ts), so the console can
      -- tell file-managed objects from hand-made ones and apply --prune deletes only the former.
      -- Keyed by what a file names an object by (app name, app/job name, flow name), not by id: no
      -- foreign keys, and the key means the same object on every database the files are applied to.
      CREATE TABLE definition_origin (
        kind         TEXT    NOT NULL,
        object_key   TEXT    NOT NULL,
        file         TEXT    NOT NULL,
        applied_time INTEGER NOT NULL,
        PRIMARY KEY (kind, object_key)
      );
    `,
  },
  postgres: {
    statements: [
      `CREATE TABLE definition_origin (
        kind         TEXT   NOT NULL,
        object_key   TEXT   NOT NULL,
        file         TEXT   NOT NULL,
        applied_time BIGINT NOT NULL,
        PRIMARY KEY (kind, object_key)
      )`,
    ],
  },
  mysql: {
    // The longest key is a job's: an app name (64) + '/' + a job name (JOB_NAME_MAX_CHARS, 100) = 165
    // characters, within VARCHAR(191) as flow and setting names are keyed; the primary key is
    // 4 × (16 + 191) = 828 bytes.
    statements: [
      `CREATE TABLE IF NOT EXISTS definition_origin (
        kind         VARCHAR(16)   NOT NULL,
        object_key   VARCHAR(191)  NOT NULL,
        file         VARCHAR(1024) NOT NULL,
        applied_time BIGINT        NOT NULL,
        PRIMARY KEY (kind, object_key)
      ) ${TABLE}`,
    ],
  },
}
