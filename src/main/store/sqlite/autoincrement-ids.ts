import type Database from 'better-sqlite3'

/**
 * Schema version 11 on SQLite: the id tables get `AUTOINCREMENT`, so an id is never given twice.
 * Without it SQLite hands out max(id)+1, so deleting the newest job and creating one reused its id,
 * and the new job showed the old one's runs and audit rows (the same for groups, users and run ids,
 * which key a run's log file and the executor's de-duplication).
 *
 * SQLite cannot add AUTOINCREMENT to a table, so each one is rebuilt the way SQLite's manual says
 * (https://sqlite.org/lang_altertable.html#otheralter): create the new table, copy every row, drop
 * the old one, rename the new one to the old name, create the indexes again. The order matters: a
 * RENAME rewrites the references other tables hold to the renamed table (job_info → job_group), so
 * renaming the old table away first would leave job_info pointing at it. The definitions are taken
 * from sqlite_master, so every column, default, unique key, index and partial index stays exactly as
 * the file has it. The caller runs this in one transaction with foreign keys off (a DROP of
 * job_group would otherwise delete-check every job) and checks them after (open-database.ts).
 */

/** The tables whose ids something else refers to (runs, links, audit rows, sessions, log files). */
export const AUTOINCREMENT_TABLES = ['job_group', 'job_info', 'job_log', 'job_logglue', 'job_user', 'job_api_token', 'job_audit'] as const
type IdTable = (typeof AUTOINCREMENT_TABLES)[number]

/**
 * Where else each table's ids appear. The sequence starts above all of them: a job deleted before
 * this version, whose runs are still kept, must not have its id given to the next job.
 */
const REFERENCES: Record<IdTable, { columns: readonly string[]; lists?: readonly string[] }> = {
  job_group: { columns: ['job_info.job_group', 'job_log.job_group', 'job_audit.group_id'], lists: ['job_user.group_ids', 'job_api_token.group_ids'] },
  job_info: {
    columns: [
      'job_log.job_id',
      'job_logglue.job_id',
      'job_link.parent_job_id',
      'job_link.child_job_id',
      'job_ring.job_id',
      'job_route_seq.job_id',
      'job_route_use.job_id',
    ],
    lists: ['job_info.child_jobid'],
  },
  job_log: { columns: ['job_log.parent_log_id', 'job_log_text.log_id', 'job_log_trail.log_id'] },
  job_logglue: { columns: [] },
  job_user: { columns: ['job_session.user_id', 'job_api_token.user_id'] },
  job_api_token: { columns: [] },
  job_audit: { columns: [] },
}

const ID_COLUMN = /(\bid\s+INTEGER\s+PRIMARY\s+KEY)\b(?!\s+AUTOINCREMENT)/i

export function addAutoincrementToIds(db: Database.Database): void {
  for (const table of AUTOINCREMENT_TABLES) rebuild(db, table)
}

function rebuild(db: Database.Database, table: IdTable): void {
  const definition = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(table) as string | undefined
  if (definition === undefined) throw new Error(`schema 11: table ${table} is missing`)
  if (/\bAUTOINCREMENT\b/i.test(definition)) return
  if (!ID_COLUMN.test(definition)) throw new Error(`schema 11: ${table} has no "id INTEGER PRIMARY KEY" column: ${definition}`)
  const staging = `${table}_v11`
  const head = new RegExp(`^CREATE TABLE\\s+(["\`]?)${table}\\1`, 'i')
  if (!head.test(definition)) throw new Error(`schema 11: unexpected definition of ${table}: ${definition}`)
  const stagingDefinition = definition.replace(head, `CREATE TABLE ${staging}`).replace(ID_COLUMN, '$1 AUTOINCREMENT')
  // Indexes and triggers go with the dropped table; the unique keys' automatic indexes (sql NULL)
  // come back with the table definition itself.
  const dependents = db
    .prepare("SELECT sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND tbl_name = ? AND sql IS NOT NULL ORDER BY type, name")
    .pluck()
    .all(table) as string[]
  const columns = (db.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name).join(', ')

  db.exec(stagingDefinition)
  // Copied in id order, so the new table's B-tree is appended to, not split; the indexes are built
  // once at the end instead of row by row.
  db.exec(`INSERT INTO ${staging} (${columns}) SELECT ${columns} FROM ${table} ORDER BY id`)
  db.exec(`DROP TABLE ${table}`)
  db.exec(`ALTER TABLE ${staging} RENAME TO ${table}`)
  for (const sql of dependents) db.exec(sql)
  seedSequence(db, table)
}

/** The sequence (sqlite_sequence, which the copy set to the largest id) starts above every id in use anywhere. */
function seedSequence(db: Database.Database, table: IdTable): void {
  const own = (db.prepare(`SELECT MAX(id) FROM ${table}`).pluck().get() as number | null) ?? 0
  let highest = own
  for (const ref of REFERENCES[table].columns) {
    const [from, column] = ref.split('.')
    highest = Math.max(highest, (db.prepare(`SELECT MAX(${column}) FROM ${from} WHERE ${column} IS NOT NULL`).pluck().get() as number | null) ?? 0)
  }
  for (const ref of REFERENCES[table].lists ?? []) {
    const [from, column] = ref.split('.')
    for (const list of db.prepare(`SELECT ${column} FROM ${from} WHERE ${column} <> ''`).pluck().iterate() as Iterable<string>) {
      for (const item of list.split(',')) {
        const id = Number(item)
        if (Number.isSafeInteger(id)) highest = Math.max(highest, id)
      }
    }
  }
  if (highest === 0) return
  if (db.prepare('UPDATE sqlite_sequence SET seq = MAX(seq, ?) WHERE name = ?').run(highest, table).changes === 0) {
    db.prepare('INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)').run(table, highest)
  }
}
