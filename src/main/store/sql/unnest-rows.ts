import type { SqlValue } from './connection'

// PostgreSQL's batches as one array parameter per column: `unnest(?::bigint[], ?::text[], …)` reads
// them back as rows. The statement's text is the same whatever the batch's size, so it is prepared
// once per connection (postgres-connection.ts names statements of few parameters) instead of parsed
// and planned at every call as a multi-row VALUES list of thousands of placeholders is; and a batch
// that took one statement per row (one round trip each) takes one.

/** A column of an unnest: its name in the rows read back and its PostgreSQL type (the array's element). */
export type UnnestColumn = readonly [name: string, type: string]

/** `unnest(?::t1[], ?::t2[], …) AS alias(c1, c2, …)`: the FROM item that reads `columns` back as rows. */
export function unnestFrom(alias: string, columns: readonly UnnestColumn[]): string {
  return `unnest(${columns.map(([, type]) => `?::${type}[]`).join(', ')}) AS ${alias}(${columns.map(([name]) => name).join(', ')})`
}

/**
 * The parameters of an unnest: `rows` (each in the columns' order) turned into one array literal per
 * column. Literals are text, so the connection's parameters stay plain values; the statement's cast
 * (`?::bigint[]`) reads them.
 */
export function unnestParams(rows: readonly (readonly SqlValue[])[], columnCount: number): string[] {
  const columns: SqlValue[][] = Array.from({ length: columnCount }, () => [])
  for (const row of rows) for (let c = 0; c < columnCount; c++) columns[c].push(row[c])
  return columns.map(arrayLiteral)
}

/** A PostgreSQL array literal: `{1,NULL,"a \"b\""}`; every text is quoted, so no content needs more than `\` before `"` and `\`. */
export function arrayLiteral(values: readonly SqlValue[]): string {
  let text = '{'
  for (let i = 0; i < values.length; i++) {
    if (i > 0) text += ','
    const value = values[i]
    if (value === null) text += 'NULL'
    else if (typeof value === 'number') text += String(value)
    else text += `"${value.replace(/[\\"]/g, '\\$&')}"`
  }
  return `${text}}`
}

/** The first of each key in `items`, in order (a batch that names a row twice, where the first one listed wins). */
export function firstOfEach<T>(items: readonly T[], key: (item: T) => number): T[] {
  const seen = new Set<number>()
  return items.filter((item) => !seen.has(key(item)) && !!seen.add(key(item)))
}

/** The last of each key in `items`, each at its key's first place (a batch where the last one listed wins). */
export function lastOfEach<T>(items: readonly T[], key: (item: T) => number): T[] {
  return [...new Map(items.map((item) => [key(item), item])).values()]
}
