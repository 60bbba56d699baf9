import type { MigrationStep } from './migration-step'
import { TABLE } from './mysql-table-options'

export const trailShapes: MigrationStep = {
  version: 17,
  description: 'trigger trails: each shape kept once, a run keeps its digest and result',
  sqlite: {
    sql: `
      -- Most runs of a job share their trail but for its result (the call's time): the group, the
      -- route, the block settings. Each such shape is kept once here, under 22 base64url characters
      -- of SHA-256 of its JSON; a run's job_log.trigger_trail holds that digest, a space and the
      -- result's JSON, written by the outcome's own UPDATE (store/trail-shapes.ts). A job_log_trail
      -- row per run (~0.5 KB) cost about a tenth of a fire's CPU at 10k every-second jobs. Runs
      -- triggered before keep their job_log_trail rows.
      CREATE TABLE job_trail_shape (
        digest TEXT PRIMARY KEY,
        shape  TEXT NOT NULL
      ) WITHOUT ROWID;
    `,
  },
  postgres: {
    statements: ['CREATE TABLE IF NOT EXISTS job_trail_shape (digest TEXT PRIMARY KEY, shape TEXT NOT NULL)'],
  },
  mysql: {
    // The digest is 22 base64url characters (case matters: the table collation is binary).
    statements: [`CREATE TABLE IF NOT EXISTS job_trail_shape (digest CHAR(22) NOT NULL PRIMARY KEY, shape LONGTEXT NOT NULL) ${TABLE}`],
  },
}
