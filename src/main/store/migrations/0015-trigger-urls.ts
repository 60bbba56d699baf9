import type { MigrationStep } from './migration-step'
import { TABLE } from './mysql-table-options'

export const triggerUrls: MigrationStep = {
  version: 15,
  description: 'trigger URLs: signed inbound webhooks that start a job or a flow, and the signatures they used',
  sqlite: {
    sql: `
      -- A trigger URL (src/shared/hook-types.ts): POST /hooks/<id> starts a run of a job or a flow.
      -- The id is random and unguessable but not secret; the secret is the HMAC key the requests are
      -- signed with, kept as is because verifying a signature needs it (docs/trust.md). No foreign
      -- key: a hook of a deleted job or flow answers 404, and ids are never given twice (version 11).
      CREATE TABLE job_hook (
        id           TEXT    PRIMARY KEY,
        kind         TEXT    NOT NULL,
        target_id    INTEGER NOT NULL,
        secret       TEXT    NOT NULL,
        created_by   TEXT    NOT NULL DEFAULT '',
        created_at   INTEGER NOT NULL,
        last_used_at INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX job_hook_target ON job_hook(kind, target_id);

      -- The signatures (or Git providers' delivery ids) a hook has accepted, until they could no
      -- longer pass anyway. The key is the gate against replays on every node: a second insert of
      -- the same key fails, so of two racing copies of one request only one starts a run.
      CREATE TABLE job_hook_use (
        hook_id    TEXT    NOT NULL,
        use_key    TEXT    NOT NULL,
        expires_at INTEGER NOT NULL,
        PRIMARY KEY (hook_id, use_key)
      );
      CREATE INDEX job_hook_use_expiry ON job_hook_use(expires_at);
    `,
  },
  postgres: {
    statements: [
      `CREATE TABLE job_hook (
        id           TEXT   PRIMARY KEY,
        kind         TEXT   NOT NULL,
        target_id    BIGINT NOT NULL,
        secret       TEXT   NOT NULL,
        created_by   TEXT   NOT NULL DEFAULT '',
        created_at   BIGINT NOT NULL,
        last_used_at BIGINT NOT NULL DEFAULT 0
      )`,
      'CREATE INDEX job_hook_target ON job_hook(kind, target_id)',
      `CREATE TABLE job_hook_use (
        hook_id    TEXT   NOT NULL,
        use_key    TEXT   NOT NULL,
        expires_at BIGINT NOT NULL,
        PRIMARY KEY (hook_id, use_key)
      )`,
      'CREATE INDEX job_hook_use_expiry ON job_hook_use(expires_at)',
    ],
  },
  mysql: {
    // An id is 22 base64url characters; a use key is a scheme's name and a SHA-256 in hex (under 80);
    // the creator is a principal's name (≤ 200).
    statements: [
      `CREATE TABLE IF NOT EXISTS job_hook (
        id           VARCHAR(32)  NOT NULL PRIMARY KEY,
        kind         VARCHAR(8)   NOT NULL,
        target_id    BIGINT       NOT NULL,
        secret       VARCHAR(128) NOT NULL,
        created_by   VARCHAR(255) NOT NULL DEFAULT '',
        created_at   BIGINT       NOT NULL,
        last_used_at BIGINT       NOT NULL DEFAULT 0,
        KEY job_hook_target (kind, target_id)
      ) ${TABLE}`,
      `CREATE TABLE IF NOT EXISTS job_hook_use (
        hook_id    VARCHAR(32)  NOT NULL,
        use_key    VARCHAR(100) NOT NULL,
        expires_at BIGINT       NOT NULL,
        PRIMARY KEY (hook_id, use_key),
        KEY job_hook_use_expiry (expires_at)
      ) ${TABLE}`,
    ],
  },
}
