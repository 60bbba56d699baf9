import type pg from 'pg'
import type { Connection, SqlValue } from '../sql/connection'
import { postgresDialect } from '../sql/dialect'

interface Statement {
  text: string
  /** Named statements are parsed and planned once per connection; unnamed ones at every call. */
  name?: string
}

/**
 * Statements with at most this many parameters are prepared by name: the repositories' fixed
 * statements. Longer ones are id lists and multi-row inserts whose text varies with their length;
 * naming them would leave hundreds of prepared statements on every pooled connection.
 */
const MAX_NAMED_PARAMS = 40
const MAX_CACHED = 2000
const cache = new Map<string, Statement>()
let named = 0

/** `?` → `$1, $2 …`, outside quoted text ('…' and "…"). */
export function toPositional(sql: string): { text: string; count: number } {
  let text = ''
  let count = 0
  let quote: string | null = null
  for (const c of sql) {
    if (quote) {
      if (c === quote) quote = null
    } else if (c === "'" || c === '"') {
      quote = c
    } else if (c === '?') {
      text += `$${++count}`
      continue
    }
    text += c
  }
  return { text, count }
}

function statementOf(sql: string): Statement {
  const known = cache.get(sql)
  if (known) return known
  const { text, count } = toPositional(sql)
  const statement: Statement = count <= MAX_NAMED_PARAMS ? { text, name: `jd${++named}` } : { text }
  if (cache.size < MAX_CACHED) cache.set(sql, statement)
  else delete statement.name
  return statement
}

/** A pg Pool (each call commits by itself) or a transaction's client behind the async Connection. */
export class PostgresConnection implements Connection {
  readonly dialect = postgresDialect

  constructor(private readonly client: pg.Pool | pg.PoolClient) {}

  private query<T extends object>(sql: string, params: readonly SqlValue[]): Promise<pg.QueryResult<T>> {
    const { text, name } = statementOf(sql)
    return this.client.query<T>({ text, name, values: params as SqlValue[] })
  }

  async all<T>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
    return (await this.query<T & object>(sql, params)).rows
  }

  async get<T>(sql: string, params: readonly SqlValue[] = []): Promise<T | undefined> {
    return (await this.query<T & object>(sql, params)).rows[0]
  }

  async run(sql: string, params: readonly SqlValue[] = []): Promise<number> {
    return (await this.query(sql, params)).rowCount ?? 0
  }

  async insert(sql: string, params: readonly SqlValue[] = []): Promise<number | null> {
    const row = (await this.query<{ id: number }>(`${sql} RETURNING id`, params)).rows[0]
    return row ? Number(row.id) : null
  }
}
