import type { MigrationStep } from './migration-step'
import { TABLE } from './mysql-table-options'

export const alarmReasons: MigrationStep = {
  version: 14,
  description: "alarm reasons: why a run's alarm failed, and the alerts for dead executors and lost nodes",
  sqlite: {
    sql: `
      -- Why a run's alarm failed (alarm_status 3): a reason code and a short detail, no secrets
      -- (src/shared/alarm-reason.ts); '' for every other status.
      ALTER TABLE job_log ADD COLUMN alarm_message TEXT NOT NULL DEFAULT '';

      -- Alerts about the infrastructure (an executor address went dead, a cluster node was lost).
      -- The key is the event itself (what, which, and the time it happened by the data every node
      -- reads alike), so N nodes noticing the same event insert one row and only that node sends.
      CREATE TABLE job_alert (
        kind          TEXT    NOT NULL,
        subject       TEXT    NOT NULL,
        event_time    INTEGER NOT NULL,
        alarm_status  INTEGER NOT NULL DEFAULT -1,
        alarm_message TEXT    NOT NULL DEFAULT '',
        add_time      INTEGER NOT NULL,
        PRIMARY KEY (kind, subject, event_time)
      );
      CREATE INDEX job_alert_time ON job_alert(add_time);
    `,
  },
  postgres: {
    statements: [
      "ALTER TABLE job_log ADD COLUMN IF NOT EXISTS alarm_message TEXT NOT NULL DEFAULT ''",
      `CREATE TABLE job_alert (
        kind          TEXT    NOT NULL,
        subject       TEXT    NOT NULL,
        event_time    BIGINT  NOT NULL,
        alarm_status  INTEGER NOT NULL DEFAULT -1,
        alarm_message TEXT    NOT NULL DEFAULT '',
        add_time      BIGINT  NOT NULL,
        PRIMARY KEY (kind, subject, event_time)
      )`,
      'CREATE INDEX job_alert_time ON job_alert(add_time)',
    ],
  },
  mysql: {
    // The reason is capped at ALARM_MESSAGE_MAX_CHARS (500) when written; a subject is an app name (64)
    // and an address (500), or a node's id.
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
}
