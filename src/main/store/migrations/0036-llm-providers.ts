import type { MigrationStep } from './migration-step'
import { TABLE } from './mysql-table-options'

/**
 * An executor group's LLM provider (docs/llm-steps.md): one row per group that has one. The key is
 * not here: `api_key_secret` names a secret of the group (or a global one), '' for none.
 */
export const llmProviders: MigrationStep = {
  version: 36,
  description: "an executor group's LLM provider: base URL, model, the name of its key's secret, limits",
  sqlite: {
    sql: `
      CREATE TABLE job_llm_provider (
        group_id       INTEGER PRIMARY KEY,
        base_url       TEXT    NOT NULL,
        model          TEXT    NOT NULL,
        api_key_secret TEXT    NOT NULL DEFAULT '',
        timeout_sec    INTEGER NOT NULL,
        max_tokens     INTEGER NOT NULL,
        update_time    INTEGER NOT NULL,
        updated_by     TEXT    NOT NULL DEFAULT ''
      );
    `,
  },
  postgres: {
    statements: [
      `CREATE TABLE IF NOT EXISTS job_llm_provider (
        group_id       INTEGER NOT NULL PRIMARY KEY,
        base_url       TEXT    NOT NULL,
        model          TEXT    NOT NULL,
        api_key_secret TEXT    NOT NULL DEFAULT '',
        timeout_sec    INTEGER NOT NULL,
        max_tokens     INTEGER NOT NULL,
        update_time    BIGINT  NOT NULL,
        updated_by     TEXT    NOT NULL DEFAULT ''
      )`,
    ],
  },
  mysql: {
    // A re-run's "table exists" is taken as done.
    statements: [
      `CREATE TABLE IF NOT EXISTS job_llm_provider (
        group_id       INT          NOT NULL PRIMARY KEY,
        base_url       VARCHAR(500) NOT NULL,
        model          VARCHAR(200) NOT NULL,
        api_key_secret VARCHAR(191) NOT NULL DEFAULT '',
        timeout_sec    INT          NOT NULL,
        max_tokens     INT          NOT NULL,
        update_time    BIGINT       NOT NULL,
        updated_by     VARCHAR(191) NOT NULL DEFAULT ''
      ) ${TABLE}`,
    ],
  },
}
