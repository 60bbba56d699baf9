import type { MigrationStep } from './migration-step'

export const retryDueTimes: MigrationStep = {
  version: 4,
  description: 'retry due times for the fail monitor; kept-log progress of LAN runs',
  sqlite: {
    sql: `
      -- When a failed run's retry (and its alarm) is due, set by the fail monitor when it first sees
      -- the run; NULL until then. Indexed with the failed runs still to take, so a newer failure is
      -- found at once however many older ones wait on a long backoff (an ORDER BY id scan skipped
      -- past at most 1000 of them and starved the rest).
      ALTER TABLE job_log ADD COLUMN retry_due_time INTEGER;
      DROP INDEX job_log_failed_todo;
      CREATE INDEX job_log_failed_due ON job_log(retry_due_time, id)
        WHERE alarm_status = 0 AND (trigger_code NOT IN (0, 200) OR handle_code NOT IN (0, 200));

      -- A LAN run's log is copied while it runs and at its end: how many lines the copy holds, and
      -- whether it was taken after the run ended (then the executor need not be asked again).
      ALTER TABLE job_log_text ADD COLUMN line_count INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE job_log_text ADD COLUMN complete INTEGER NOT NULL DEFAULT 1;
      -- Copies kept before this version were whole logs of finished runs, each line ending in a newline.
      UPDATE job_log_text SET line_count = length(log_text) - length(replace(log_text, char(10), ''));
    `,
  },
}
