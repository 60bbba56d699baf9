import { databaseNumber } from './database-rows'
import type { TestDatabase } from './db-servers'

/**
 * How many sessions on `database` (a server engine's) wait for a lock another transaction holds:
 * the event a test waits for before letting the holder commit, so that what the waiter then sees
 * is the holder's outcome. Call it while the holder is parked between statements.
 */
export function lockWaiters(database: TestDatabase): Promise<number> {
  if (database.engine === 'postgres') {
    return databaseNumber(database, "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")
  }
  // MariaDB lists a wait in INNODB_TRX as LOCK WAIT, but not always: a `SELECT … FOR UPDATE` by
  // primary key waits in the optimizer ("Statistics") with no InnoDB transaction listed (seen for
  // 20 s on a loaded machine). So a data statement of another session that has run for 200 ms while
  // the holder is parked counts too: it can only be the waiter, held up by the lock (the stores'
  // own quick reads, such as their event polls, end sooner).
  return databaseNumber(
    database,
    `SELECT count(*) FROM information_schema.PROCESSLIST p
       LEFT JOIN information_schema.INNODB_TRX t ON t.trx_mysql_thread_id = p.ID
      WHERE p.DB = DATABASE() AND p.ID <> CONNECTION_ID()
        AND (t.trx_state = 'LOCK WAIT' OR (p.COMMAND IN ('Query', 'Execute') AND p.TIME_MS >= 200 AND p.INFO RLIKE '^[[:space:]]*(SELECT|UPDATE|INSERT|DELETE)'))`,
  )
}
