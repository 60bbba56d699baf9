import type { WindowScope, WindowTiming, WindowView } from '../../shared/calendar/maintenance-window'
import type { Connection } from './sql/connection'
import { bumpVersion } from './version-repo'

interface Row {
  id: number | string
  name: string
  timezone: string
  start_time: number | string | null
  end_time: number | string | null
  cron: string | null
  duration_sec: number | null
  scope: string
  kill_running: number
  enabled: number
  update_time: number | string
  updated_by: string
}

/** A window as stored: what it says, and who changed it last, when. */
export type StoredWindow = WindowView

const COLUMNS = ['name', 'timezone', 'start_time', 'end_time', 'cron', 'duration_sec', 'scope', 'kill_running', 'enabled', 'update_time', 'updated_by']

/** `job_window`: maintenance windows. */
export class WindowRepo {
  constructor(private readonly db: Connection) {}

  async all(): Promise<StoredWindow[]> {
    return (await this.db.all<Row>('SELECT * FROM job_window ORDER BY id')).map(windowOf)
  }

  async get(id: number): Promise<StoredWindow | undefined> {
    const row = await this.db.get<Row>('SELECT * FROM job_window WHERE id = ?', [id])
    return row && windowOf(row)
  }

  async getByName(name: string): Promise<StoredWindow | undefined> {
    const row = await this.db.get<Row>('SELECT * FROM job_window WHERE name = ?', [name])
    return row && windowOf(row)
  }

  /** Adds the window (its `id` is ignored); resolves with the new id, or null when its name is taken. */
  async insert(window: StoredWindow): Promise<number | null> {
    const id = await this.db.insert(this.db.dialect.insertIgnore('job_window', COLUMNS), valuesOf(window))
    if (id !== null) await bumpVersion(this.db, 'windows')
    return id
  }

  /** Replaces what the window of that id says; resolves false when there is none. */
  async update(window: StoredWindow): Promise<boolean> {
    const updated = await this.db.run(`UPDATE job_window SET ${COLUMNS.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`, [...valuesOf(window), window.id])
    if (updated > 0) await bumpVersion(this.db, 'windows')
    return updated > 0
  }

  async delete(id: number): Promise<boolean> {
    const deleted = await this.db.run('DELETE FROM job_window WHERE id = ?', [id])
    if (deleted > 0) await bumpVersion(this.db, 'windows')
    return deleted > 0
  }
}

function valuesOf(window: StoredWindow): (string | number | null)[] {
  const { timing } = window
  return [
    window.name,
    window.timezone,
    timing.kind === 'once' ? timing.startMs : null,
    timing.kind === 'once' ? timing.endMs : null,
    timing.kind === 'recurring' ? timing.cron : null,
    timing.kind === 'recurring' ? timing.durationSec : null,
    JSON.stringify(window.scope),
    window.killRunning ? 1 : 0,
    window.enabled ? 1 : 0,
    window.updatedAtMs,
    window.updatedBy,
  ]
}

function windowOf(row: Row): StoredWindow {
  const timing: WindowTiming =
    row.cron === null
      ? { kind: 'once', startMs: Number(row.start_time), endMs: Number(row.end_time) }
      : { kind: 'recurring', cron: row.cron, durationSec: Number(row.duration_sec) }
  return {
    id: Number(row.id),
    name: row.name,
    timezone: row.timezone,
    timing,
    scope: JSON.parse(row.scope) as WindowScope,
    killRunning: Number(row.kill_running) === 1,
    enabled: Number(row.enabled) === 1,
    updatedAtMs: Number(row.update_time),
    updatedBy: row.updated_by,
  }
}
