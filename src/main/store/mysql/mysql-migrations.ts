import type { ServerMigration } from '../server-migrations'

/** InnoDB, utf8mb4, and a binary collation: keys compare case-sensitively, as on SQLite and PostgreSQL. */
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin'

/**
 * MySQL 8 / MariaDB 10.6+ schema, numbered like SQLite's (migrations.ts). Differences from the
 * other engines, all forced by MySQL:
 * - indexed text is VARCHAR(n) (an index key holds at most 3072 bytes, 4 per character), sized
 *   to what the app accepts (app names 64, addresses 500, shard params like "12/16");
 * - long text is MEDIUMTEXT/LONGTEXT with expression defaults (`DEFAULT ('')`);
 * - no partial indexes: composite ones that start with the same equality columns, and for the
 *   failed runs (an OR no composite index serves) an indexed generated column;
 * - the unique (job, schedule time, shard) key ignores NULL schedule times by itself (NULLs are
 *   distinct in a UNIQUE index), which is what SQLite's partial unique index says.
 * DDL commits on its own in MySQL, so a step is not atomic: every statement is written to be
 * re-run (IF NOT EXISTS; indexes inside CREATE TABLE; an ADD COLUMN whose column exists counts as
 * done) and a step interrupted half-way completes on the next start.
 */
export const MYSQL_MIGRATIONS: readonly ServerMigration[] = [
  {
    version: 5,
    description: 'the schema of SQLite version 5: XXL-JOB tables, time ring with owners, nodes, leases, routing state, definition versions',
    statements: [
      `CREATE TABLE IF NOT EXISTS job_group (
        id                  INT          NOT NULL AUTO_INCREMENT PRIMARY KEY,
        app_name            VARCHAR(64)  NOT NULL,
        name                VARCHAR(255) NOT NULL,
        address_type        INT          NOT NULL DEFAULT 0,
        address_list        MEDIUMTEXT   NOT NULL DEFAULT (''),
        access_token        VARCHAR(255) NOT NULL DEFAULT '',
        protocol_generation VARCHAR(32),
        auto_created        INT          NOT NULL DEFAULT 0,
        update_time         BIGINT       NOT NULL,
        scripts_allowed     INT          NOT NULL DEFAULT 0,
        UNIQUE KEY job_group_app_name (app_name)
      ) ${TABLE}`,
      `CREATE TABLE IF NOT EXISTS job_info (
        id                        INT          NOT NULL AUTO_INCREMENT PRIMARY KEY,
        job_group                 INT          NOT NULL,
        name                      VARCHAR(255) NOT NULL,
        author                    VARCHAR(255) NOT NULL DEFAULT '',
        alarm_email               TEXT         NOT NULL DEFAULT (''),
        schedule_type             VARCHAR(32)  NOT NULL,
        schedule_conf             VARCHAR(1000) NOT NULL DEFAULT '',
        timezone                  VARCHAR(64)  NOT NULL,
        misfire_strategy          VARCHAR(32)  NOT NULL,
        executor_route_strategy   VARCHAR(64)  NOT NULL,
        executor_handler          VARCHAR(255) NOT NULL DEFAULT '',
        executor_param            MEDIUMTEXT   NOT NULL DEFAULT (''),
        executor_block_strategy   VARCHAR(64)  NOT NULL,
        executor_timeout          INT          NOT NULL DEFAULT 0,
        executor_fail_retry_count INT          NOT NULL DEFAULT 0,
        retry_backoff             VARCHAR(32)  NOT NULL DEFAULT 'NONE',
        retry_interval            INT          NOT NULL DEFAULT 0,
        retry_max_interval        INT          NOT NULL DEFAULT 0,
        alarm_every_failure       INT          NOT NULL DEFAULT 0,
        glue_type                 VARCHAR(64)  NOT NULL,
        glue_source               MEDIUMTEXT   NOT NULL DEFAULT (''),
        glue_remark               TEXT         NOT NULL DEFAULT (''),
        glue_updatetime           BIGINT       NOT NULL DEFAULT 0,
        child_jobid               MEDIUMTEXT   NOT NULL DEFAULT (''),
        trigger_status            INT          NOT NULL DEFAULT 0,
        trigger_last_time         BIGINT       NOT NULL DEFAULT 0,
        trigger_next_time         BIGINT       NOT NULL DEFAULT 0,
        add_time                  BIGINT       NOT NULL,
        update_time               BIGINT       NOT NULL,
        KEY job_info_due (trigger_status, trigger_next_time),
        KEY job_info_group (job_group),
        CONSTRAINT job_info_group_fk FOREIGN KEY (job_group) REFERENCES job_group (id)
      ) ${TABLE}`,
      `CREATE TABLE IF NOT EXISTS job_log (
        id                        BIGINT       NOT NULL AUTO_INCREMENT PRIMARY KEY,
        job_group                 INT          NOT NULL,
        job_id                    INT          NOT NULL,
        executor_address          VARCHAR(500) NOT NULL DEFAULT '',
        executor_handler          VARCHAR(255) NOT NULL DEFAULT '',
        executor_param            MEDIUMTEXT   NOT NULL DEFAULT (''),
        executor_sharding_param   VARCHAR(32)  NOT NULL DEFAULT '',
        executor_fail_retry_count INT          NOT NULL DEFAULT 0,
        trigger_time              BIGINT       NOT NULL,
        trigger_type              VARCHAR(32)  NOT NULL,
        schedule_time             BIGINT,
        trigger_code              INT          NOT NULL DEFAULT 0,
        trigger_msg               MEDIUMTEXT   NOT NULL DEFAULT (''),
        handle_time               BIGINT       NOT NULL DEFAULT 0,
        handle_code               INT          NOT NULL DEFAULT 0,
        handle_msg                MEDIUMTEXT   NOT NULL DEFAULT (''),
        alarm_status              INT          NOT NULL DEFAULT 0,
        parent_log_id             BIGINT,
        retry_due_time            BIGINT,
        -- SQLite's and PostgreSQL's partial index job_log_failed_due holds the failed runs the fail
        -- monitor has not taken; here a generated column is 1 for exactly those rows (NULL for the
        -- millions of others), and the index leads with it. The run repository asks for it by name.
        failed_todo               TINYINT AS (CASE WHEN alarm_status = 0 AND (trigger_code NOT IN (0, 200) OR handle_code NOT IN (0, 200)) THEN 1 END) VIRTUAL,
        KEY job_log_trigger_time (trigger_time),
        KEY job_log_job (job_id, id),
        KEY job_log_parent (parent_log_id),
        -- The running and pending runs (partial indexes elsewhere): the state codes first, so each
        -- query reads the range of its state only.
        KEY job_log_running (trigger_code, handle_code, executor_address),
        KEY job_log_failed_due (failed_todo, retry_due_time),
        UNIQUE KEY job_log_schedule (job_id, schedule_time, executor_sharding_param)
      ) ${TABLE}`,
      `CREATE TABLE IF NOT EXISTS job_ring (
        job_id        INT          NOT NULL,
        schedule_time BIGINT       NOT NULL,
        fire_at       BIGINT       NOT NULL,
        trigger_type  VARCHAR(32)  NOT NULL DEFAULT 'CRON',
        node_id       VARCHAR(64)  NOT NULL DEFAULT '',
        PRIMARY KEY (job_id, schedule_time),
        KEY job_ring_fire_at (fire_at),
        KEY job_ring_node (node_id)
      ) ${TABLE}`,
      `CREATE TABLE IF NOT EXISTS job_logglue (
        id          BIGINT      NOT NULL AUTO_INCREMENT PRIMARY KEY,
        job_id      INT         NOT NULL,
        glue_type   VARCHAR(64) NOT NULL,
        glue_source MEDIUMTEXT  NOT NULL DEFAULT (''),
        glue_remark TEXT        NOT NULL DEFAULT (''),
        add_time    BIGINT      NOT NULL,
        update_time BIGINT      NOT NULL,
        KEY job_logglue_job (job_id, id)
      ) ${TABLE}`,
      `CREATE TABLE IF NOT EXISTS job_registry (
        id             BIGINT       NOT NULL AUTO_INCREMENT PRIMARY KEY,
        registry_group VARCHAR(50)  NOT NULL,
        registry_key   VARCHAR(64)  NOT NULL,
        registry_value VARCHAR(500) NOT NULL,
        update_time    BIGINT       NOT NULL,
        executor_info  MEDIUMTEXT,
        UNIQUE KEY job_registry_entry (registry_group, registry_key, registry_value),
        KEY job_registry_value (registry_value)
      ) ${TABLE}`,
      `CREATE TABLE IF NOT EXISTS job_log_report (
        id            INT    NOT NULL AUTO_INCREMENT PRIMARY KEY,
        trigger_day   BIGINT NOT NULL,
        running_count INT    NOT NULL DEFAULT 0,
        suc_count     INT    NOT NULL DEFAULT 0,
        fail_count    INT    NOT NULL DEFAULT 0,
        update_time   BIGINT NOT NULL,
        UNIQUE KEY job_log_report_day (trigger_day)
      ) ${TABLE}`,
      `CREATE TABLE IF NOT EXISTS job_link (
        parent_job_id  INT         NOT NULL,
        child_job_id   INT         NOT NULL,
        link_condition VARCHAR(32) NOT NULL,
        PRIMARY KEY (parent_job_id, child_job_id),
        KEY job_link_child (child_job_id)
      ) ${TABLE}`,
      `CREATE TABLE IF NOT EXISTS job_log_text (
        log_id     BIGINT   NOT NULL PRIMARY KEY,
        log_text   LONGTEXT NOT NULL,
        line_count INT      NOT NULL DEFAULT 0,
        complete   INT      NOT NULL DEFAULT 1
      ) ${TABLE}`,
      `CREATE TABLE IF NOT EXISTS setting (
        name  VARCHAR(191) NOT NULL PRIMARY KEY,
        value MEDIUMTEXT   NOT NULL
      ) ${TABLE}`,
      `CREATE TABLE IF NOT EXISTS job_node (
        node_id          VARCHAR(64)  NOT NULL PRIMARY KEY,
        node_name        VARCHAR(255) NOT NULL,
        embedded_address VARCHAR(500) NOT NULL,
        admin_url        VARCHAR(500) NOT NULL DEFAULT '',
        started_at       BIGINT       NOT NULL,
        heartbeat_at     BIGINT       NOT NULL,
        lease_until      BIGINT       NOT NULL
      ) ${TABLE}`,
      `CREATE TABLE IF NOT EXISTS job_lease (
        name        VARCHAR(64) NOT NULL PRIMARY KEY,
        node_id     VARCHAR(64) NOT NULL,
        lease_until BIGINT      NOT NULL
      ) ${TABLE}`,
      `CREATE TABLE IF NOT EXISTS job_version (
        name    VARCHAR(64) NOT NULL PRIMARY KEY,
        version BIGINT      NOT NULL
      ) ${TABLE}`,
      "INSERT IGNORE INTO job_version (name, version) VALUES ('jobs', 0), ('links', 0), ('settings', 0)",
      `CREATE TABLE IF NOT EXISTS job_route_seq (
        job_id INT    NOT NULL PRIMARY KEY,
        seq    BIGINT NOT NULL
      ) ${TABLE}`,
      `CREATE TABLE IF NOT EXISTS job_route_use (
        job_id       INT          NOT NULL,
        address      VARCHAR(500) NOT NULL,
        use_count    INT          NOT NULL,
        last_used    BIGINT       NOT NULL,
        window_start BIGINT       NOT NULL,
        PRIMARY KEY (job_id, address)
      ) ${TABLE}`,
    ],
  },
  {
    version: 6,
    description: 'the trigger trail as data beside trigger_msg, for the console to render in its language',
    // JSON of src/shared/trigger-trail.ts; NULL for runs written before (the console shows trigger_msg).
    // MySQL 8 has no ADD COLUMN IF NOT EXISTS: a re-run's "duplicate column" is taken as done (open-mysql-store.ts).
    statements: ['ALTER TABLE job_log ADD COLUMN trigger_trail LONGTEXT'],
  },
  {
    version: 7,
    description: 'cluster events, polled by every node',
    statements: [
      `CREATE TABLE IF NOT EXISTS job_event (
        id         BIGINT      NOT NULL AUTO_INCREMENT PRIMARY KEY,
        node_id    VARCHAR(64) NOT NULL,
        topic      VARCHAR(32) NOT NULL,
        ids        MEDIUMTEXT  NOT NULL DEFAULT (''),
        created_at BIGINT      NOT NULL,
        KEY job_event_created (created_at)
      ) ${TABLE}`,
    ],
  },
  {
    version: 8,
    description: 'users, sessions, personal API tokens and the audit trail',
    statements: [
      `CREATE TABLE IF NOT EXISTS job_user (
        id                   INT          NOT NULL AUTO_INCREMENT PRIMARY KEY,
        name                 VARCHAR(255) NOT NULL,
        password_hash        VARCHAR(255) NOT NULL,
        role                 VARCHAR(16)  NOT NULL,
        group_ids            TEXT         NOT NULL DEFAULT (''),
        must_change_password INT          NOT NULL DEFAULT 0,
        disabled             INT          NOT NULL DEFAULT 0,
        add_time             BIGINT       NOT NULL,
        update_time          BIGINT       NOT NULL,
        UNIQUE KEY job_user_name (name)
      ) ${TABLE}`,
      `CREATE TABLE IF NOT EXISTS job_session (
        id_hash        VARCHAR(64)  NOT NULL PRIMARY KEY,
        user_id        INT          NOT NULL,
        remote_address VARCHAR(255) NOT NULL,
        created_at     BIGINT       NOT NULL,
        last_seen_at   BIGINT       NOT NULL,
        expires_at     BIGINT       NOT NULL,
        KEY job_session_user (user_id)
      ) ${TABLE}`,
      `CREATE TABLE IF NOT EXISTS job_api_token (
        id           INT          NOT NULL AUTO_INCREMENT PRIMARY KEY,
        token_hash   VARCHAR(64)  NOT NULL,
        name         VARCHAR(255) NOT NULL,
        user_id      INT          NOT NULL,
        owner        VARCHAR(255) NOT NULL,
        role         VARCHAR(16)  NOT NULL,
        group_ids    TEXT         NOT NULL DEFAULT (''),
        created_at   BIGINT       NOT NULL,
        expires_at   BIGINT       NOT NULL DEFAULT 0,
        last_used_at BIGINT       NOT NULL DEFAULT 0,
        revoked_at   BIGINT       NOT NULL DEFAULT 0,
        UNIQUE KEY job_api_token_hash (token_hash),
        KEY job_api_token_user (user_id)
      ) ${TABLE}`,
      `CREATE TABLE IF NOT EXISTS job_audit (
        id         BIGINT       NOT NULL AUTO_INCREMENT PRIMARY KEY,
        at_time    BIGINT       NOT NULL,
        actor      VARCHAR(255) NOT NULL,
        actor_kind VARCHAR(16)  NOT NULL,
        source     VARCHAR(255) NOT NULL,
        action     VARCHAR(64)  NOT NULL,
        outcome    VARCHAR(16)  NOT NULL,
        group_id   INT          NULL,
        target     TEXT         NOT NULL DEFAULT (''),
        detail     MEDIUMTEXT   NOT NULL DEFAULT ('{}'),
        KEY job_audit_time (at_time)
      ) ${TABLE}`,
    ],
  },
  {
    version: 9,
    description: 'the trigger trails move to a table of their own',
    // Why: src/main/store/migrations.ts, version 9. job_log.trigger_trail stays, NULL. Each
    // statement can run again after a crash between them (MySQL commits DDL at once).
    statements: [
      `CREATE TABLE IF NOT EXISTS job_log_trail (
        log_id BIGINT   NOT NULL PRIMARY KEY,
        trail  LONGTEXT NOT NULL
      ) ${TABLE}`,
      'INSERT IGNORE INTO job_log_trail (log_id, trail) SELECT id, trigger_trail FROM job_log WHERE trigger_trail IS NOT NULL',
      'UPDATE job_log SET trigger_trail = NULL WHERE trigger_trail IS NOT NULL',
    ],
  },
  {
    version: 10,
    description: 'fencing: an epoch per node life, and the node that wrote each run until it is triggered',
    // Why: src/main/store/migrations.ts, version 10. A re-run's "duplicate column" is taken as done.
    statements: [
      'ALTER TABLE job_node ADD COLUMN epoch BIGINT NOT NULL DEFAULT 0',
      "INSERT IGNORE INTO job_version (name, version) VALUES ('node-epoch', 0)",
      "ALTER TABLE job_log ADD COLUMN trigger_node VARCHAR(64) NOT NULL DEFAULT ''",
    ],
  },
  {
    version: 11,
    description: 'ids are never given twice (SQLite gains AUTOINCREMENT; nothing to change here)',
    // Why: src/main/store/migrations.ts, version 11. InnoDB's AUTO_INCREMENT never goes back and is
    // kept across restarts (MySQL 8.0, MariaDB 10.2.4+), so a deleted row's id is not given again
    // (test/store/conformance/ids-not-reused.test.ts); the empty step keeps one version one schema
    // on every engine.
    statements: [],
  },
  {
    version: 12,
    description: 'flows: DAGs of jobs run as one unit, their runs, nodes and steps',
    // Why: src/main/store/migrations.ts, version 12. Flow names are keyed like setting names
    // (VARCHAR(191)); node keys are at most 64 characters (FLOW_NODE_KEY_PATTERN).
    statements: [
      `CREATE TABLE IF NOT EXISTS job_flow (
        id                INT           NOT NULL AUTO_INCREMENT PRIMARY KEY,
        name              VARCHAR(191)  NOT NULL,
        description       TEXT          NOT NULL DEFAULT (''),
        schedule_type     VARCHAR(32)   NOT NULL,
        schedule_conf     VARCHAR(1000) NOT NULL DEFAULT '',
        timezone          VARCHAR(64)   NOT NULL,
        misfire_strategy  VARCHAR(32)   NOT NULL,
        max_active_runs   INT           NOT NULL DEFAULT 1,
        overlap           VARCHAR(16)   NOT NULL DEFAULT 'SKIP',
        timeout_sec       INT           NOT NULL DEFAULT 0,
        alarm_email       TEXT          NOT NULL DEFAULT (''),
        param             MEDIUMTEXT    NOT NULL DEFAULT (''),
        definition        MEDIUMTEXT    NOT NULL,
        trigger_status    INT           NOT NULL DEFAULT 0,
        trigger_last_time BIGINT        NOT NULL DEFAULT 0,
        trigger_next_time BIGINT        NOT NULL DEFAULT 0,
        add_time          BIGINT        NOT NULL,
        update_time       BIGINT        NOT NULL,
        UNIQUE KEY job_flow_name (name),
        KEY job_flow_due (trigger_status, trigger_next_time)
      ) ${TABLE}`,
      // The active runs (a partial index elsewhere): the state first, so the few runs under way are
      // one short range whatever the number of ended ones. The unique key ignores NULL schedule
      // times by itself, as the partial unique index elsewhere does.
      `CREATE TABLE IF NOT EXISTS job_flow_run (
        id            BIGINT      NOT NULL AUTO_INCREMENT PRIMARY KEY,
        flow_id       INT         NOT NULL,
        state         VARCHAR(16) NOT NULL,
        trigger_type  VARCHAR(32) NOT NULL,
        param         MEDIUMTEXT  NOT NULL DEFAULT (''),
        schedule_time BIGINT,
        definition    MEDIUMTEXT  NOT NULL,
        start_time    BIGINT      NOT NULL DEFAULT 0,
        end_time      BIGINT      NOT NULL DEFAULT 0,
        reason        TEXT        NOT NULL DEFAULT (''),
        add_time      BIGINT      NOT NULL,
        KEY job_flow_run_flow (flow_id, id),
        KEY job_flow_run_active (state, flow_id),
        UNIQUE KEY job_flow_run_schedule (flow_id, schedule_time)
      ) ${TABLE}`,
      `CREATE TABLE IF NOT EXISTS job_flow_node (
        flow_run_id           BIGINT      NOT NULL,
        node_key              VARCHAR(64) NOT NULL,
        state                 VARCHAR(16) NOT NULL DEFAULT 'pending',
        attempt               INT         NOT NULL DEFAULT 0,
        output                TEXT        NOT NULL DEFAULT (''),
        output_cut_from_bytes INT,
        start_time            BIGINT      NOT NULL DEFAULT 0,
        end_time              BIGINT      NOT NULL DEFAULT 0,
        note                  TEXT        NOT NULL DEFAULT (''),
        PRIMARY KEY (flow_run_id, node_key)
      ) ${TABLE}`,
      `CREATE TABLE IF NOT EXISTS job_flow_step (
        log_id      BIGINT      NOT NULL PRIMARY KEY,
        flow_run_id BIGINT      NOT NULL,
        node_key    VARCHAR(64) NOT NULL,
        attempt     INT         NOT NULL,
        KEY job_flow_step_run (flow_run_id)
      ) ${TABLE}`,
    ],
  },
  {
    version: 13,
    description: 'definition files: which groups, jobs and flows were applied from which file',
    // Why: src/main/store/migrations.ts, version 13. The longest key is a job's: an app name (64)
    // + '/' + a job name (JOB_NAME_MAX_CHARS, 100) = 165 characters, within VARCHAR(191) as flow
    // and setting names are keyed; the primary key is 4 × (16 + 191) = 828 bytes.
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
  {
    version: 14,
    description: "alarm reasons: why a run's alarm failed, and the alerts for dead executors and lost nodes",
    // Why: src/main/store/migrations.ts, version 14. The reason is capped at ALARM_MESSAGE_MAX_CHARS
    // (500) when written; a subject is an app name (64) and an address (500), or a node's id.
    statements: [
      "ALTER TABLE job_log ADD COLUMN alarm_message VARCHAR(500) NOT NULL DEFAULT ''",
      `CREATE TABLE IF NOT EXISTS job_alert (
        kind          VARCHAR(32)  NOT NULL,
        subject       VARCHAR(600) NOT NULL,
        event_time    BIGINT       NOT NULL,
        alarm_status  INT          NOT NULL DEFAULT -1,
        alarm_message VARCHAR(500) NOT NULL DEFAULT '',
        add_time      BIGINT       NOT NULL,
        PRIMARY KEY (kind, subject, event_time),
        KEY job_alert_time (add_time)
      ) ${TABLE}`,
    ],
  },
  {
    version: 15,
    description: 'trigger URLs: signed inbound webhooks that start a job or a flow, and the signatures they used',
    // Why: src/main/store/migrations.ts, version 15. An id is 22 base64url characters; a use key is
    // a scheme's name and a SHA-256 in hex (under 80); the creator is a principal's name (≤ 200).
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
  {
    version: 16,
    description: 'directory users: where a user signs in (local, LDAP, OIDC) and their id in that directory',
    // Why: src/main/store/migrations.ts, version 16. A DN or an issuer URL and subject fit in 1024.
    // One statement: MySQL commits each DDL on its own, and a step cut halfway must not be left half done.
    statements: ["ALTER TABLE job_user ADD COLUMN source VARCHAR(16) NOT NULL DEFAULT 'local', ADD COLUMN directory_id VARCHAR(1024) NOT NULL DEFAULT ''"],
  },
  {
    version: 17,
    description: 'trigger trails: each shape kept once, a run keeps its digest and result',
    // Why: src/main/store/migrations.ts, version 17. The digest is 22 base64url characters (case matters: the table collation is binary).
    statements: [`CREATE TABLE IF NOT EXISTS job_trail_shape (digest CHAR(22) NOT NULL PRIMARY KEY, shape LONGTEXT NOT NULL) ${TABLE}`],
  },
  {
    version: 18,
    description: 'user names keyed without case; personal tokens suspended while their directory user is gone',
    // Why: src/main/store/migrations.ts, version 18. MySQL refuses a subquery on the table an UPDATE
    // writes, so the rows that keep a key are found by a self-join. Every statement re-runs: a
    // duplicate column or key is taken as done, and the UPDATE writes the same keys again.
    statements: [
      'ALTER TABLE job_user ADD COLUMN name_key VARCHAR(255) NULL',
      `UPDATE job_user u
       LEFT JOIN job_user earlier
         ON LOWER(earlier.name) = LOWER(u.name) AND earlier.id <> u.id
        AND ((earlier.source = 'local' AND u.source <> 'local')
          OR ((earlier.source = 'local') = (u.source = 'local') AND earlier.id < u.id))
       SET u.name_key = LOWER(u.name)
       WHERE earlier.id IS NULL`,
      'ALTER TABLE job_user ADD UNIQUE KEY job_user_folded_name (name_key)',
      'ALTER TABLE job_api_token ADD COLUMN suspended_at BIGINT NOT NULL DEFAULT 0',
    ],
  },
  {
    version: 19,
    description: 'audit: identical refusals within a minute folded into one row with a count',
    // Why: src/main/store/migrations.ts, version 19. The key is 43 base64url characters (SHA-256);
    // NULLs are distinct in a UNIQUE key. One statement: a step cut halfway must not be left half done.
    statements: [
      'ALTER TABLE job_audit ADD COLUMN repeat_count INT NOT NULL DEFAULT 1, ADD COLUMN fold_key CHAR(43) NULL, ADD UNIQUE KEY job_audit_fold (fold_key)',
    ],
  },
  {
    version: 20,
    description: "node fences: a row per node and epoch that the node's transactions lock, apart from the lease its heartbeat renews",
    // Why: src/main/store/migrations.ts, version 20. The node id as in job_node; the copy is
    // written to be re-run (a step cut halfway runs again whole).
    statements: [
      `CREATE TABLE IF NOT EXISTS job_node_fence (node_id VARCHAR(64) NOT NULL PRIMARY KEY, epoch BIGINT NOT NULL) ${TABLE}`,
      'INSERT IGNORE INTO job_node_fence (node_id, epoch) SELECT node_id, epoch FROM job_node',
    ],
  },
  {
    version: 21,
    description: "clock skew: each node's clock against the database's, as the node last measured it",
    // Why: src/main/store/migrations.ts, version 21. A re-run's "duplicate column" is taken as done.
    statements: ['ALTER TABLE job_node ADD COLUMN clock_skew_ms INT NULL'],
  },
]
