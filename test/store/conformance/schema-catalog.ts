import Database from 'better-sqlite3'
import { onServer, type TestDatabase } from '../../support/db-servers'

/**
 * A database's schema as its engine's catalog describes it, in words the three engines share:
 * sqlite_master and the table/index pragmas on SQLite, information_schema (and pg_index for
 * PostgreSQL's indexes, which information_schema does not list) on the servers.
 */
export type SchemaShape = Record<string, TableShape>

export interface TableShape {
  columns: Record<string, ColumnShape>
  /** The primary key's columns, in key order. */
  primaryKey: string[]
  /** Indexes created by name (CREATE INDEX, or a named KEY on MySQL), by name. */
  indexes: Record<string, IndexShape>
  /** UNIQUE constraints that have no name of their own on SQLite and PostgreSQL, as their column lists. */
  uniqueConstraints: string[][]
}

export interface ColumnShape {
  type: CommonType
  /** The engine's own word for it (INTEGER, BIGINT, VARCHAR …), compared within one engine. */
  declared: string
  nullable: boolean
  /** The default as a literal (`0`, `'NONE'`), casts and MySQL's expression parentheses taken off; null for none. */
  default: string | null
}

export interface IndexShape {
  columns: string[]
  unique: boolean
  /** Has a WHERE (SQLite and PostgreSQL; MySQL has no partial indexes). */
  partial: boolean
}

/** Every column type JobDesk uses is one of these: epoch milliseconds, ids and counts, or text. */
export type CommonType = 'integer' | 'text'

const COMMON_TYPES: Record<string, CommonType> = {
  integer: 'integer',
  int: 'integer',
  bigint: 'integer',
  tinyint: 'integer',
  text: 'text',
  mediumtext: 'text',
  longtext: 'text',
  varchar: 'text',
  'character varying': 'text',
  char: 'text',
}

function commonType(declared: string): CommonType {
  const type = COMMON_TYPES[declared.toLowerCase().replace(/\(.*\)$/, '')]
  if (!type) throw new Error(`column type ${declared} is outside the common vocabulary; add it to schema-catalog.ts`)
  return type
}

/** `''::text` → `''`, `('')` → `''`, `'-1'::integer` → `-1`; MariaDB's `NULL` for "no default" → null. */
function commonDefault(raw: string | null): string | null {
  if (raw === null || raw === 'NULL') return null
  let value = raw.replace(/::[a-z ]+$/, '')
  while (value.startsWith('(') && value.endsWith(')')) value = value.slice(1, -1)
  return /^'-?\d+'$/.test(value) ? value.slice(1, -1) : value
}

/** `jobdesk_schema` (the servers' record of versions) and SQLite's own tables are not JobDesk's schema. */
const BOOKKEEPING = /^(jobdesk_schema|sqlite_.*)$/

export async function readSchema(database: TestDatabase): Promise<SchemaShape> {
  if (database.engine === 'sqlite') return readSqlite(database.url)
  return database.engine === 'postgres' ? readPostgres(database) : readMysql(database)
}

function emptyTable(): TableShape {
  return { columns: {}, primaryKey: [], indexes: {}, uniqueConstraints: [] }
}

function readSqlite(file: string): SchemaShape {
  const db = new Database(file, { readonly: true })
  try {
    const schema: SchemaShape = {}
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]
    for (const name of tables.filter((t) => !BOOKKEEPING.test(t))) {
      const table = (schema[name] = emptyTable())
      const columns = db.pragma(`table_info(${name})`) as { name: string; type: string; notnull: number; dflt_value: string | null; pk: number }[]
      for (const c of columns) {
        // A primary key column holds no NULL on the servers; on SQLite an INTEGER PRIMARY KEY is the rowid, never NULL either.
        table.columns[c.name] = { type: commonType(c.type), declared: c.type, nullable: c.notnull === 0 && c.pk === 0, default: commonDefault(c.dflt_value) }
      }
      table.primaryKey = columns
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name)
      const indexes = db.pragma(`index_list(${name})`) as { name: string; unique: number; origin: string; partial: number }[]
      for (const index of indexes) {
        const columnsOf = (db.pragma(`index_info(${index.name})`) as { seqno: number; name: string }[]).sort((a, b) => a.seqno - b.seqno).map((c) => c.name)
        if (index.origin === 'pk') continue
        if (index.origin === 'u') table.uniqueConstraints.push(columnsOf)
        else table.indexes[index.name] = { columns: columnsOf, unique: index.unique === 1, partial: index.partial === 1 }
      }
    }
    return sorted(schema)
  } finally {
    db.close()
  }
}

async function readPostgres(database: TestDatabase): Promise<SchemaShape> {
  const schema: SchemaShape = {}
  const columns = (await onServer(
    database,
    `SELECT c.table_name AS t, c.column_name AS c, c.data_type AS type, c.is_nullable AS nullable, c.column_default AS def
       FROM information_schema.columns c JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' ORDER BY c.table_name, c.ordinal_position`,
  )) as { t: string; c: string; type: string; nullable: string; def: string | null }[]
  for (const row of columns.filter((r) => !BOOKKEEPING.test(r.t))) {
    schema[row.t] ??= emptyTable()
    schema[row.t].columns[row.c] = { type: commonType(row.type), declared: row.type, nullable: row.nullable === 'YES', default: commonDefault(row.def) }
  }
  const indexes = (await onServer(
    database,
    `SELECT t.relname AS t, i.relname AS name, x.indisunique AS is_unique, x.indisprimary AS is_primary, x.indpred IS NOT NULL AS partial,
            EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid AND k.contype = 'u') AS is_constraint,
            (SELECT string_agg(a.attname, ',' ORDER BY k.n) FROM unnest(x.indkey) WITH ORDINALITY AS k(attnum, n)
               JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum) AS columns
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = current_schema()`,
  )) as { t: string; name: string; is_unique: boolean; is_primary: boolean; partial: boolean; is_constraint: boolean; columns: string }[]
  for (const row of indexes.filter((r) => !BOOKKEEPING.test(r.t))) {
    const table = schema[row.t]
    const columnList = row.columns.split(',')
    if (row.is_primary) table.primaryKey = columnList
    else if (row.is_constraint) table.uniqueConstraints.push(columnList)
    else table.indexes[row.name] = { columns: columnList, unique: row.is_unique, partial: row.partial }
  }
  return sorted(schema)
}

/**
 * MySQL has no unnamed UNIQUE constraints: where SQLite and PostgreSQL say `UNIQUE` on a column
 * or a column list, its CREATE TABLE names the key. These are those keys.
 */
const MYSQL_UNIQUE_CONSTRAINT_KEYS = new Set([
  'job_group_app_name',
  'job_registry_entry',
  'job_log_report_day',
  'job_user_name',
  'job_api_token_hash',
  'job_flow_name',
])

async function readMysql(database: TestDatabase): Promise<SchemaShape> {
  const schema: SchemaShape = {}
  const columns = (await onServer(
    database,
    `SELECT c.TABLE_NAME AS t, c.COLUMN_NAME AS c, c.COLUMN_TYPE AS declared, c.DATA_TYPE AS type, c.IS_NULLABLE AS nullable, c.COLUMN_DEFAULT AS def
       FROM information_schema.COLUMNS c JOIN information_schema.TABLES t ON t.TABLE_SCHEMA = c.TABLE_SCHEMA AND t.TABLE_NAME = c.TABLE_NAME
      WHERE c.TABLE_SCHEMA = DATABASE() AND t.TABLE_TYPE = 'BASE TABLE' ORDER BY c.TABLE_NAME, c.ORDINAL_POSITION`,
  )) as { t: string; c: string; declared: string; type: string; nullable: string; def: string | null }[]
  for (const row of columns.filter((r) => !BOOKKEEPING.test(r.t))) {
    schema[row.t] ??= emptyTable()
    schema[row.t].columns[row.c] = { type: commonType(row.type), declared: row.declared, nullable: row.nullable === 'YES', default: commonDefault(row.def) }
  }
  const keyColumns = (await onServer(
    database,
    `SELECT TABLE_NAME AS t, INDEX_NAME AS name, NON_UNIQUE AS non_unique, COLUMN_NAME AS c
       FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX`,
  )) as { t: string; name: string; non_unique: number | string; c: string }[]
  const keys = new Map<string, { t: string; name: string; unique: boolean; columns: string[] }>()
  for (const row of keyColumns.filter((r) => !BOOKKEEPING.test(r.t))) {
    const id = `${row.t}.${row.name}`
    const key = keys.get(id) ?? { t: row.t, name: row.name, unique: Number(row.non_unique) === 0, columns: [] }
    key.columns.push(row.c)
    keys.set(id, key)
  }
  for (const key of keys.values()) {
    const table = schema[key.t]
    if (key.name === 'PRIMARY') table.primaryKey = key.columns
    else if (MYSQL_UNIQUE_CONSTRAINT_KEYS.has(key.name)) table.uniqueConstraints.push(key.columns)
    else table.indexes[key.name] = { columns: key.columns, unique: key.unique, partial: false }
  }
  return sorted(schema)
}

/** Tables and their unique constraints in name order, so two reads compare whatever order the catalog gave. */
function sorted(schema: SchemaShape): SchemaShape {
  const result: SchemaShape = {}
  for (const name of Object.keys(schema).sort()) {
    const table = schema[name]
    result[name] = {
      ...table,
      uniqueConstraints: table.uniqueConstraints
        .map((u) => u.join(','))
        .sort()
        .map((u) => u.split(',')),
    }
  }
  return result
}
