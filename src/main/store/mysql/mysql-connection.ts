import type { Pool, PoolConnection, ResultSetHeader, RowDataPacket } from 'mysql2/promise'
import type { Connection, SqlValue } from '../sql/connection'
import { mysqlDialect } from '../sql/dialect'

/**
 * Statements with at most this many parameters run as server-side prepared statements (cached per
 * connection by mysql2); longer ones — id lists and multi-row inserts, whose text varies with their
 * length — are sent as text, so no connection piles up prepared statements (the server caps them
 * all together at max_prepared_stmt_count).
 */
const MAX_PREPARED_PARAMS = 40

/**
 * A mysql2 pool (each call commits by itself) or a transaction's connection behind the async
 * Connection. "Rows changed" is rows matched (the pool's FOUND_ROWS flag), as on the other engines:
 * an UPDATE that writes the values a row already has still counts it.
 */
export class MysqlConnection implements Connection {
  readonly dialect = mysqlDialect

  constructor(
    private readonly client: Pool | PoolConnection,
    /** A transaction's connection (Connection.holdsLocks). */
    readonly holdsLocks = false,
  ) {}

  private async send<T>(sql: string, params: readonly SqlValue[]): Promise<T> {
    const values = params as SqlValue[]
    const [result] = params.length <= MAX_PREPARED_PARAMS ? await this.client.execute(sql, values) : await this.client.query(sql, values)
    return result as T
  }

  async all<T>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
    return this.send<RowDataPacket[]>(sql, params) as Promise<T[]>
  }

  async get<T>(sql: string, params: readonly SqlValue[] = []): Promise<T | undefined> {
    return (await this.send<RowDataPacket[]>(sql, params))[0] as T | undefined
  }

  async run(sql: string, params: readonly SqlValue[] = []): Promise<number> {
    return (await this.send<ResultSetHeader>(sql, params)).affectedRows
  }

  async insert(sql: string, params: readonly SqlValue[] = []): Promise<number | null> {
    const result = await this.send<ResultSetHeader>(sql, params)
    return result.affectedRows === 1 ? Number(result.insertId) : null
  }

  async insertRows(sql: string, params: readonly SqlValue[]): Promise<{ changes: number; firstId: number }> {
    const result = await this.send<ResultSetHeader>(sql, params)
    return { changes: result.affectedRows, firstId: Number(result.insertId) }
  }
}
