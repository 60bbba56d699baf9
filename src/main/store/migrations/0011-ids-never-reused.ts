import { addAutoincrementToIds } from '../sqlite/autoincrement-ids'
import type { MigrationStep } from './migration-step'

export const idsNeverReused: MigrationStep = {
  version: 11,
  description: 'ids are never given twice: AUTOINCREMENT on every table whose ids others refer to',
  sqlite: {
    // Why and how: ../sqlite/autoincrement-ids.ts. One pass over each table (B1's million runs: see docs/storage.md, "Ids are never given twice").
    sql: '',
    apply: addAutoincrementToIds,
    rebuildsTables: true,
  },
  postgres: {
    description: 'ids are never given twice (SQLite gains AUTOINCREMENT; nothing to change here)',
    // Identity columns draw from a sequence, which never goes back, so a deleted row's id is not given
    // again (test/store/conformance/ids-not-reused.test.ts); the empty step keeps one version one
    // schema on every engine.
    statements: [],
  },
  mysql: {
    description: 'ids are never given twice (SQLite gains AUTOINCREMENT; nothing to change here)',
    // InnoDB's AUTO_INCREMENT never goes back and is kept across restarts (MySQL 8.0, MariaDB 10.2.4+),
    // so a deleted row's id is not given again (test/store/conformance/ids-not-reused.test.ts); the
    // empty step keeps one version one schema on every engine.
    statements: [],
  },
}
