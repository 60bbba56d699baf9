import type { MigrationStep } from './migration-step'

export const xxlJobTables: MigrationStep = {
  version: 1,
  description: 'XXL-JOB tables, run schedule times, persisted time ring, links and settings',
  sqlite: {
    sql: `
      CREATE TABLE job_group (
        id                  INTEGER PRIMARY KEY,
        app_name            TEXT    NOT NULL UNIQUE,
        name                TEXT    NOT NULL,
        address_type        INTEGER NOT NULL DEFAULT 0,
        address_list        TEXT    NOT NULL DEFAULT '',
        access_token        TEXT    NOT NULL DEFAULT '',
        protocol_generation TEXT,
        auto_created        INTEGER NOT NULL DEFAULT 0,
        update_time         INTEGER NOT NULL
      );

      CREATE TABLE job_info (
        id                        INTEGER PRIMARY KEY,
        job_group                 INTEGER NOT NULL REFERENCES job_group(id),
        name                      TEXT    NOT NULL,
        author                    TEXT    NOT NULL DEFAULT '',
        alarm_email               TEXT    NOT NULL DEFAULT '',
        schedule_type             TEXT    NOT NULL,
        schedule_conf             TEXT    NOT NULL DEFAULT '',
        timezone                  TEXT    NOT NULL,
        misfire_strategy          TEXT    NOT NULL,
        executor_route_strategy   TEXT    NOT NULL,
        executor_handler          TEXT    NOT NULL DEFAULT '',
        executor_param            TEXT    NOT NULL DEFAULT '',
        executor_block_strategy   TEXT    NOT NULL,
        executor_timeout          INTEGER NOT NULL DEFAULT 0,
        executor_fail_retry_count INTEGER NOT NULL DEFAULT 0,
        retry_backoff             TEXT    NOT NULL DEFAULT 'NONE',
        retry_interval            INTEGER NOT NULL DEFAULT 0,
        retry_max_interval        INTEGER NOT NULL DEFAULT 0,
        alarm_every_failure       INTEGER NOT NULL DEFAULT 0,
        glue_type                 TEXT    NOT NULL,
        glue_source               TEXT    NOT NULL DEFAULT '',
        glue_remark               TEXT    NOT NULL DEFAULT '',
        glue_updatetime           INTEGER NOT NULL DEFAULT 0,
        child_jobid               TEXT    NOT NULL DEFAULT '',
        trigger_status            INTEGER NOT NULL DEFAULT 0,
        trigger_last_time         INTEGER NOT NULL DEFAULT 0,
        trigger_next_time         INTEGER NOT NULL DEFAULT 0,
        add_time                  INTEGER NOT NULL,
        update_time               INTEGER NOT NULL
      );
      -- The scan's query: running jobs due within the pre-read window, in next-time order.
      CREATE INDEX job_info_due ON job_info(trigger_status, trigger_next_time);
      CREATE INDEX job_info_group ON job_info(job_group);

      CREATE TABLE job_log (
        id                        INTEGER PRIMARY KEY,
        job_group                 INTEGER NOT NULL,
        job_id                    INTEGER NOT NULL,
        executor_address          TEXT    NOT NULL DEFAULT '',
        executor_handler          TEXT    NOT NULL DEFAULT '',
        executor_param            TEXT    NOT NULL DEFAULT '',
        executor_sharding_param   TEXT    NOT NULL DEFAULT '',
        executor_fail_retry_count INTEGER NOT NULL DEFAULT 0,
        trigger_time              INTEGER NOT NULL,
        trigger_type              TEXT    NOT NULL,
        schedule_time             INTEGER,
        trigger_code              INTEGER NOT NULL DEFAULT 0,
        trigger_msg               TEXT    NOT NULL DEFAULT '',
        handle_time               INTEGER NOT NULL DEFAULT 0,
        handle_code               INTEGER NOT NULL DEFAULT 0,
        handle_msg                TEXT    NOT NULL DEFAULT '',
        alarm_status              INTEGER NOT NULL DEFAULT 0,
        parent_log_id             INTEGER
      );
      CREATE INDEX job_log_trigger_time ON job_log(trigger_time);
      CREATE INDEX job_log_job ON job_log(job_id, id);
      CREATE INDEX job_log_parent ON job_log(parent_log_id) WHERE parent_log_id IS NOT NULL;
      -- Partial indexes hold only the few rows the monitors look for, so they stay tiny at millions of
      -- runs and cost nothing for the common successful run. Queries must repeat the WHERE exactly.
      CREATE INDEX job_log_running ON job_log(executor_address)
        WHERE trigger_code = 200 AND handle_code = 0;
      CREATE INDEX job_log_pending ON job_log(id)
        WHERE trigger_code = 0 AND handle_code = 0;
      CREATE INDEX job_log_failed_todo ON job_log(id)
        WHERE alarm_status = 0 AND (trigger_code NOT IN (0, 200) OR handle_code NOT IN (0, 200));
      -- One run per scheduled time (per shard): the last line of defence against a double fire,
      -- behind the scan lock and the ring claim.
      CREATE UNIQUE INDEX job_log_schedule ON job_log(job_id, schedule_time, executor_sharding_param)
        WHERE schedule_time IS NOT NULL;

      -- Fires the scan pushed to the time ring and not yet fired. Written in the scan's transaction and
      -- deleted by the fire that claims it, so a fire in the pre-read window survives a crash
      -- (XXL-JOB loses it).
      CREATE TABLE job_ring (
        job_id        INTEGER NOT NULL,
        schedule_time INTEGER NOT NULL,
        fire_at       INTEGER NOT NULL,
        trigger_type  TEXT    NOT NULL DEFAULT 'CRON',
        PRIMARY KEY (job_id, schedule_time)
      ) WITHOUT ROWID;
      CREATE INDEX job_ring_fire_at ON job_ring(fire_at);

      CREATE TABLE job_logglue (
        id          INTEGER PRIMARY KEY,
        job_id      INTEGER NOT NULL,
        glue_type   TEXT    NOT NULL,
        glue_source TEXT    NOT NULL DEFAULT '',
        glue_remark TEXT    NOT NULL DEFAULT '',
        add_time    INTEGER NOT NULL,
        update_time INTEGER NOT NULL
      );
      CREATE INDEX job_logglue_job ON job_logglue(job_id, id);

      CREATE TABLE job_registry (
        id             INTEGER PRIMARY KEY,
        registry_group TEXT    NOT NULL,
        registry_key   TEXT    NOT NULL,
        registry_value TEXT    NOT NULL,
        update_time    INTEGER NOT NULL,
        UNIQUE (registry_group, registry_key, registry_value)
      );

      CREATE TABLE job_lock (
        lock_name TEXT PRIMARY KEY
      );
      INSERT INTO job_lock (lock_name) VALUES ('schedule_lock');

      CREATE TABLE job_log_report (
        id            INTEGER PRIMARY KEY,
        trigger_day   INTEGER NOT NULL UNIQUE,
        running_count INTEGER NOT NULL DEFAULT 0,
        suc_count     INTEGER NOT NULL DEFAULT 0,
        fail_count    INTEGER NOT NULL DEFAULT 0,
        update_time   INTEGER NOT NULL
      );

      -- Child-job links with the condition they fire on; job_info.child_jobid mirrors the SUCCESS ones.
      CREATE TABLE job_link (
        parent_job_id INTEGER NOT NULL,
        child_job_id  INTEGER NOT NULL,
        condition     TEXT    NOT NULL,
        PRIMARY KEY (parent_job_id, child_job_id)
      ) WITHOUT ROWID;
      CREATE INDEX job_link_child ON job_link(child_job_id);

      -- Log texts of finished LAN runs, kept by the admin so they outlive the executor.
      CREATE TABLE job_log_text (
        log_id   INTEGER PRIMARY KEY,
        log_text TEXT NOT NULL
      );

      CREATE TABLE setting (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
    `,
  },
}
