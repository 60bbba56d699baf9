/**
 * How long a server database lets a transaction of JobDesk's sit idle between two statements
 * before it ends the session (PostgreSQL's `idle_in_transaction_session_timeout`, MariaDB's
 * `idle_transaction_timeout`), rolling the transaction back and releasing its locks.
 *
 * Why: a node's fenced transactions hold its fence row in share mode (docs/cluster.md), and a
 * take-over must delete that row. A node paused in the middle of one (SIGSTOP, a suspended VM, a
 * stalled event loop) would hold the row, and so stop its own take-over, for as long as it stays
 * paused. With this limit the server ends such a transaction within 10 s of its last statement, and
 * the take-over goes on. A live node's statements follow each other within milliseconds; one stalled
 * for 10 s mid-transaction has long outlived its 3 s lease, so nothing it may still do is lost.
 * MySQL (as opposed to MariaDB) has no such setting: there a take-over waits for the paused node, up
 * to `innodb_lock_wait_timeout`.
 */
export const IDLE_TRANSACTION_LIMIT_MS = 10_000
