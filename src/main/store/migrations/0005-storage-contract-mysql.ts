import type { ServerStep } from './migration-step'
import { TABLE } from './mysql-table-options'

/** MySQL's first step: SQLite's schema at version 5 in one, the first version a server engine could use. */
export const storageContractMysql: ServerStep = {
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
}
