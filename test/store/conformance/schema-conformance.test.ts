import Database from 'better-sqlite3'
import mysql from 'mysql2/promise'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { mysqlMigrationSession } from '../../../src/main/store/mysql/mysql-migration-session'
import { migrate } from '../../../src/main/store/open-database'
import { openStore } from '../../../src/main/store/open-store'
import { postgresMigrationSession } from '../../../src/main/store/postgres/postgres-migration-session'
import { migrateServer } from '../../../src/main/store/server-migrations'
import { ENGINES, onServer, withDatabase, type TestDatabase, type TestEngine } from '../../support/db-servers'
import { readSchema, type IndexShape, type SchemaShape } from './schema-catalog'
import { T0 } from './store-fixture'

/**
 * One version, one schema: a fresh database of each engine and one upgraded from the oldest schema
 * JobDesk released on it (SQLite 1; the servers 5, their first) reach the same tables, columns and
 * indexes; and the three engines name the same ones, but for the differences written down below.
 */

/** The oldest schema each engine was released with. */
const OLDEST: Record<TestEngine, number> = { sqlite: 1, postgres: 5, mysql: 5 }

/** A few rows of what an older JobDesk kept on a server at version 5, for the upgrade to carry. */
const SERVER_ROWS_AT_5 = [
  `INSERT INTO job_group (id, app_name, name, update_time) VALUES (1, 'old-app', 'old group', ${T0})`,
  `INSERT INTO job_info (id, job_group, name, schedule_type, timezone, misfire_strategy, executor_route_strategy, executor_block_strategy, glue_type, add_time, update_time)
   VALUES (1, 1, 'old job', 'NONE', 'UTC', 'DO_NOTHING', 'FIRST', 'SERIAL_EXECUTION', 'BEAN', ${T0}, ${T0})`,
  `INSERT INTO job_log (id, job_group, job_id, trigger_time, trigger_type, schedule_time, trigger_code, handle_code) VALUES (1, 1, 1, ${T0}, 'CRON', ${T0}, 200, 200)`,
  "INSERT INTO job_log_text (log_id, log_text, line_count) VALUES (1, 'one two', 2)",
  "INSERT INTO job_link (parent_job_id, child_job_id, link_condition) VALUES (1, 1, 'SUCCESS')",
  "INSERT INTO setting (name, value) VALUES ('kept', '30')",
  // Version 20 copies each node into job_node_fence.
  `INSERT INTO job_node (node_id, node_name, embedded_address, started_at, heartbeat_at, lease_until) VALUES ('old-node', 'old', '127.0.0.1:9999', ${T0}, ${T0}, ${T0})`,
]

/** Each engine's rows at its oldest version; SQLite's in version 1's words (`condition`, `key`). */
const OLD_ROWS: Record<TestEngine, readonly string[]> = {
  sqlite: [
    `INSERT INTO job_group (id, app_name, name, update_time) VALUES (1, 'old-app', 'old group', ${T0})`,
    `INSERT INTO job_info (id, job_group, name, schedule_type, timezone, misfire_strategy, executor_route_strategy, executor_block_strategy, glue_type, add_time, update_time)
     VALUES (1, 1, 'old job', 'NONE', 'UTC', 'DO_NOTHING', 'FIRST', 'SERIAL_EXECUTION', 'BEAN', ${T0}, ${T0})`,
    `INSERT INTO job_log (id, job_group, job_id, trigger_time, trigger_type, schedule_time, trigger_code, handle_code) VALUES (1, 1, 1, ${T0}, 'CRON', ${T0}, 200, 200)`,
    // Version 4 counts the lines of the log copies kept before it.
    `INSERT INTO job_log_text (log_id, log_text) VALUES (1, 'one' || char(10) || 'two' || char(10))`,
    // Version 5 renames these two columns.
    "INSERT INTO job_link (parent_job_id, child_job_id, condition) VALUES (1, 1, 'SUCCESS')",
    "INSERT INTO setting (key, value) VALUES ('kept', '30')",
  ],
  postgres: SERVER_ROWS_AT_5,
  mysql: SERVER_ROWS_AT_5,
}

const databases: TestDatabase[] = []
afterAll(() => Promise.all(databases.splice(0).map((d) => d.drop())))

async function newDatabase(engine: TestEngine): Promise<TestDatabase> {
  const database = await withDatabase(engine)
  databases.push(database)
  return database
}

/** A database as JobDesk's own runner leaves it at `version`, holding `rows`. */
async function atVersion(database: TestDatabase, version: number, rows: readonly string[]): Promise<void> {
  if (database.engine === 'sqlite') {
    const db = new Database(database.url)
    try {
      migrate(db, version)
      for (const sql of rows) db.exec(sql)
    } finally {
      db.close()
    }
  } else if (database.engine === 'postgres') {
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    try {
      await migrateServer(postgresMigrationSession(client), 'postgres', database.name, T0, version)
      for (const sql of rows) await client.query(sql)
    } finally {
      await client.end()
    }
  } else {
    const connection = await mysql.createConnection(database.url)
    try {
      await migrateServer(mysqlMigrationSession(connection, database.name), 'mysql', database.name, T0, version)
      for (const sql of rows) await connection.query(sql)
    } finally {
      await connection.end()
    }
  }
}

/** Opens the database through openStore (which migrates it to the latest version) and closes it. */
async function openAndClose(database: TestDatabase): Promise<void> {
  const store = await openStore(database.url)
  await store.close()
}

async function rowsOf(database: TestDatabase, sql: string): Promise<unknown[]> {
  if (database.engine !== 'sqlite') return onServer(database, sql)
  const db = new Database(database.url, { readonly: true })
  try {
    return db.prepare(sql).all()
  } finally {
    db.close()
  }
}

interface Built {
  fresh: SchemaShape
  upgraded: SchemaShape
  upgradedDatabase: TestDatabase
}
const built = new Map<TestEngine, Promise<Built>>()

/** Each engine's fresh and upgraded database, built once for all the tests that compare them. */
function schemasOf(engine: TestEngine): Promise<Built> {
  let result = built.get(engine)
  if (!result) {
    result = (async () => {
      const fresh = await newDatabase(engine)
      await openAndClose(fresh)
      const upgraded = await newDatabase(engine)
      await atVersion(upgraded, OLDEST[engine], OLD_ROWS[engine])
      await openAndClose(upgraded)
      return { fresh: await readSchema(fresh), upgraded: await readSchema(upgraded), upgradedDatabase: upgraded }
    })()
    built.set(engine, result)
  }
  return result
}

describe.each(ENGINES)('the schema on %s', (engine) => {
  it(`is the same whether built fresh or upgraded from version ${OLDEST[engine]}`, async () => {
    const { fresh, upgraded } = await schemasOf(engine)
    expect(Object.keys(fresh)).toContain('job_node_fence')
    expect(upgraded).toEqual(fresh)
  })

  it(`keeps the rows a database at version ${OLDEST[engine]} held`, async () => {
    const { upgradedDatabase: database } = await schemasOf(engine)
    const store = await openStore(database.url)
    try {
      expect((await store.jobs.get(1))?.name).toBe('old job')
    } finally {
      await store.close()
    }
    expect(await rowsOf(database, 'SELECT link_condition AS c FROM job_link')).toEqual([{ c: 'SUCCESS' }])
    expect(await rowsOf(database, 'SELECT name, value FROM setting')).toEqual([{ name: 'kept', value: '30' }])
    expect((await rowsOf(database, 'SELECT line_count AS n FROM job_log_text')).map((r) => Number((r as { n: unknown }).n))).toEqual([2])
    if (engine !== 'sqlite') expect(await rowsOf(database, 'SELECT node_id FROM job_node_fence')).toEqual([{ node_id: 'old-node' }])
  })
})

/**
 * Where MySQL's schema differs from SQLite's and PostgreSQL's, each forced by MySQL having no
 * partial indexes. Everything else is the same on the three engines: tables, columns with their
 * common types, nullability and defaults, primary keys, unique constraints, index names.
 */
const MYSQL_DIFFERENCES = {
  /** 1 for the failed runs the fail monitor has not taken, NULL for the rest: it leads job_log_failed_due in place of a WHERE. */
  extraColumns: ['job_log.failed_todo'],
  /** job_log_running leads with (trigger_code, handle_code) there, so the pending runs (0, 0) are one range of it. */
  missingIndexes: ['job_log.job_log_pending'],
  /**
   * An index by address that MySQL's schema has had since its first version and the others never
   * had (the registry's reads filter on the group and key first). Kept: dropping it, or adding it
   * elsewhere, would be a schema change of its own, under a new version.
   */
  extraIndexes: ['job_registry.job_registry_value'],
  /**
   * Partial elsewhere, whole here: the same columns with the equality ones first, a generated column
   * first (job_log_failed_due), or a unique key that ignores NULL schedule times by itself.
   */
  reshapedIndexes: ['job_flow_run_active', 'job_flow_run_schedule', 'job_log_failed_due', 'job_log_parent', 'job_log_running', 'job_log_schedule'],
}

/** Each table's column and index names, sorted. */
function namesOf(schema: SchemaShape): Record<string, { columns: string[]; indexes: string[] }> {
  return Object.fromEntries(
    Object.entries(schema).map(([table, shape]) => [table, { columns: Object.keys(shape.columns).sort(), indexes: Object.keys(shape.indexes).sort() }]),
  )
}

/** SQLite's names with MySQL's differences applied: what MySQL must have. */
function namesMysqlMustHave(sqlite: SchemaShape): ReturnType<typeof namesOf> {
  const names = namesOf(sqlite)
  const apply = (entries: string[], list: 'columns' | 'indexes', change: (names: string[], name: string) => string[]) => {
    for (const entry of entries) {
      const [table, name] = entry.split('.')
      names[table][list] = change(names[table][list], name).sort()
    }
  }
  apply(MYSQL_DIFFERENCES.extraColumns, 'columns', (all, name) => [...all, name])
  apply(MYSQL_DIFFERENCES.missingIndexes, 'indexes', (all, name) => all.filter((n) => n !== name))
  apply(MYSQL_DIFFERENCES.extraIndexes, 'indexes', (all, name) => [...all, name])
  return names
}

/** The schema without each engine's own type words: what the engines must agree on. */
function commonOf(schema: SchemaShape): SchemaShape {
  return Object.fromEntries(
    Object.entries(schema).map(([table, shape]) => [
      table,
      { ...shape, columns: Object.fromEntries(Object.entries(shape.columns).map(([name, column]) => [name, { ...column, declared: '' }])) },
    ]),
  )
}

/** The fresh schemas of SQLite, PostgreSQL and MySQL, in that order. */
function freshSchemas(): Promise<SchemaShape[]> {
  return Promise.all((['sqlite', 'postgres', 'mysql'] as const).map(async (engine) => (await schemasOf(engine)).fresh))
}

describe('the three engines', () => {
  it("have the same tables, and in each the same columns and index names, but for MySQL's listed differences", async () => {
    const [sqlite, postgres, mysqlSchema] = await freshSchemas()
    expect(Object.keys(sqlite)).toContain('job_flow_run')
    expect(namesOf(postgres)).toEqual(namesOf(sqlite))
    expect(namesOf(mysqlSchema)).toEqual(namesMysqlMustHave(sqlite))
  })

  it("agree on every column's common type, nullability and default, and on primary keys and unique constraints", async () => {
    const [sqlite, postgres, mysqlSchema] = (await freshSchemas()).map(commonOf)
    expect(postgres).toEqual(sqlite)
    for (const [table, shape] of Object.entries(sqlite)) {
      const other = mysqlSchema[table]
      const columns = Object.fromEntries(Object.entries(other.columns).filter(([name]) => !MYSQL_DIFFERENCES.extraColumns.includes(`${table}.${name}`)))
      expect({ table, columns, primaryKey: other.primaryKey, unique: other.uniqueConstraints }).toEqual({
        table,
        columns: shape.columns,
        primaryKey: shape.primaryKey,
        unique: shape.uniqueConstraints,
      })
    }
  })

  it('index the same columns on MySQL but where it has no partial index, and unique where the others are', async () => {
    const [sqlite, , mysqlSchema] = await freshSchemas()
    const reshaped: string[] = []
    for (const [table, shape] of Object.entries(sqlite)) {
      for (const [name, index] of Object.entries(shape.indexes)) {
        const other: IndexShape | undefined = mysqlSchema[table].indexes[name]
        if (!other) continue
        expect({ name, unique: other.unique }).toEqual({ name, unique: index.unique })
        if (JSON.stringify(other) !== JSON.stringify(index)) reshaped.push(name)
      }
    }
    expect(reshaped.sort()).toEqual(MYSQL_DIFFERENCES.reshapedIndexes)
  })
})
