import type { MigrationStep } from './migration-step'
import { TABLE } from './mysql-table-options'

export const triggerTrailTable: MigrationStep = {
  version: 9,
  description: 'the trigger trails move to a table of their own',
  sqlite: {
    sql: `
      -- A run's trail (JSON of src/shared/trigger-trail.ts), written with its trigger outcome. In
      -- job_log it grew every row by ~0.5 KB in place after the insert, and the page splits made
      -- that UPDATE cost 20–40 µs a run against ~10 without (B1); here it is an append in id order.
      -- job_log.trigger_trail stays, NULL: dropping it would rewrite a table of millions of runs.
      CREATE TABLE job_log_trail (
        log_id INTEGER PRIMARY KEY,
        trail  TEXT    NOT NULL
      );
      INSERT INTO job_log_trail (log_id, trail) SELECT id, trigger_trail FROM job_log WHERE trigger_trail IS NOT NULL;
      UPDATE job_log SET trigger_trail = NULL WHERE trigger_trail IS NOT NULL;
    `,
  },
  postgres: {
    statements: [
      `CREATE TABLE job_log_trail (
        log_id BIGINT PRIMARY KEY,
        trail  TEXT   NOT NULL
      )`,
      'INSERT INTO job_log_trail (log_id, trail) SELECT id, trigger_trail FROM job_log WHERE trigger_trail IS NOT NULL',
      'UPDATE job_log SET trigger_trail = NULL WHERE trigger_trail IS NOT NULL',
    ],
  },
  mysql: {
    // Each statement can run again after a crash between them (MySQL commits DDL at once).
    statements: [
      `CREATE TABLE IF NOT EXISTS job_log_trail (
        log_id BIGINT   NOT NULL PRIMARY KEY,
        trail  LONGTEXT NOT NULL
      ) ${TABLE}`,
      'INSERT IGNORE INTO job_log_trail (log_id, trail) SELECT id, trigger_trail FROM job_log WHERE trigger_trail IS NOT NULL',
      'UPDATE job_log SET trigger_trail = NULL WHERE trigger_trail IS NOT NULL',
    ],
  },
}
