import type { MigrationStep } from './migration-step'

/**
 * The promises a job or a flow makes (docs/deadlines.md): when a run must have started, when it
 * must be done, how much slower than usual is worth a warning; and, on each run, the promises it
 * broke. `deadline_marks` is a bit set (src/shared/deadline-terms.ts: 1 late start, 2 late finish,
 * 4 slow): the monitor sets a bit by compare-and-set, so on a cluster one node alarms once per run.
 */
// slow_percent is the slow factor in hundredths (2.5 → 250): every column is an integer or text.
export const deadlines: MigrationStep = {
  version: 24,
  description: 'start and finish deadlines and slow-run warnings of jobs and flows, and the marks of the runs that missed them',
  sqlite: {
    sql: `
      ALTER TABLE job_info ADD COLUMN start_deadline_sec INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE job_info ADD COLUMN finish_by TEXT NOT NULL DEFAULT '';
      ALTER TABLE job_info ADD COLUMN finish_within_sec INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE job_info ADD COLUMN slow_percent INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE job_flow ADD COLUMN start_deadline_sec INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE job_flow ADD COLUMN finish_by TEXT NOT NULL DEFAULT '';
      ALTER TABLE job_flow ADD COLUMN finish_within_sec INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE job_flow ADD COLUMN slow_percent INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE job_log ADD COLUMN deadline_marks INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE job_flow_run ADD COLUMN deadline_marks INTEGER NOT NULL DEFAULT 0;
    `,
  },
  postgres: {
    statements: [
      'ALTER TABLE job_info ADD COLUMN IF NOT EXISTS start_deadline_sec INTEGER NOT NULL DEFAULT 0',
      "ALTER TABLE job_info ADD COLUMN IF NOT EXISTS finish_by TEXT NOT NULL DEFAULT ''",
      'ALTER TABLE job_info ADD COLUMN IF NOT EXISTS finish_within_sec INTEGER NOT NULL DEFAULT 0',
      'ALTER TABLE job_info ADD COLUMN IF NOT EXISTS slow_percent INTEGER NOT NULL DEFAULT 0',
      'ALTER TABLE job_flow ADD COLUMN IF NOT EXISTS start_deadline_sec INTEGER NOT NULL DEFAULT 0',
      "ALTER TABLE job_flow ADD COLUMN IF NOT EXISTS finish_by TEXT NOT NULL DEFAULT ''",
      'ALTER TABLE job_flow ADD COLUMN IF NOT EXISTS finish_within_sec INTEGER NOT NULL DEFAULT 0',
      'ALTER TABLE job_flow ADD COLUMN IF NOT EXISTS slow_percent INTEGER NOT NULL DEFAULT 0',
      'ALTER TABLE job_log ADD COLUMN IF NOT EXISTS deadline_marks INTEGER NOT NULL DEFAULT 0',
      'ALTER TABLE job_flow_run ADD COLUMN IF NOT EXISTS deadline_marks INTEGER NOT NULL DEFAULT 0',
    ],
  },
  mysql: {
    // One statement per table, so a re-run's "duplicate column" means the whole table is done.
    statements: [
      "ALTER TABLE job_info ADD COLUMN start_deadline_sec INT NOT NULL DEFAULT 0, ADD COLUMN finish_by VARCHAR(8) NOT NULL DEFAULT '', ADD COLUMN finish_within_sec INT NOT NULL DEFAULT 0, ADD COLUMN slow_percent INT NOT NULL DEFAULT 0",
      "ALTER TABLE job_flow ADD COLUMN start_deadline_sec INT NOT NULL DEFAULT 0, ADD COLUMN finish_by VARCHAR(8) NOT NULL DEFAULT '', ADD COLUMN finish_within_sec INT NOT NULL DEFAULT 0, ADD COLUMN slow_percent INT NOT NULL DEFAULT 0",
      'ALTER TABLE job_log ADD COLUMN deadline_marks INT NOT NULL DEFAULT 0',
      'ALTER TABLE job_flow_run ADD COLUMN deadline_marks INT NOT NULL DEFAULT 0',
    ],
  },
}
