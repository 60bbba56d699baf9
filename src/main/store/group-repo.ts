import type { JobGroup, ProtocolGeneration } from '../../shared/model'
import type { Connection } from './sql/connection'

interface GroupRow {
  id: number
  app_name: string
  name: string
  address_type: number
  address_list: string
  access_token: string
  protocol_generation: string | null
  auto_created: number
  scripts_allowed: number
  update_time: number
  max_concurrent: number
}

export type NewGroup = Omit<JobGroup, 'id'>

/**
 * A group as JobDesk creates it unless told otherwise: addresses by registration (none yet), no
 * access token of its own, protocol generation not yet known, made by hand, no scripts.
 */
export function newGroup(appName: string, name: string, updateTimeMs: number, patch: Partial<NewGroup> = {}): NewGroup {
  return {
    appName,
    name,
    addressType: 0,
    addressList: '',
    accessToken: '',
    protocolGeneration: null,
    autoCreated: false,
    scriptsAllowed: false,
    updateTimeMs,
    ...patch,
  }
}

const COLUMNS = [
  'app_name',
  'name',
  'address_type',
  'address_list',
  'access_token',
  'protocol_generation',
  'auto_created',
  'scripts_allowed',
  'update_time',
  'max_concurrent',
] as const

/** `job_group`: executor groups. */
export class GroupRepo {
  constructor(private readonly db: Connection) {}

  async get(id: number): Promise<JobGroup | undefined> {
    const row = await this.db.get<GroupRow>('SELECT * FROM job_group WHERE id = ?', [id])
    return row && fromRow(row)
  }

  async findByAppName(appName: string): Promise<JobGroup | undefined> {
    const row = await this.db.get<GroupRow>('SELECT * FROM job_group WHERE app_name = ?', [appName])
    return row && fromRow(row)
  }

  async list(): Promise<JobGroup[]> {
    return (await this.db.all<GroupRow>('SELECT * FROM job_group ORDER BY app_name')).map(fromRow)
  }

  async insert(group: NewGroup): Promise<number> {
    const row = toRow({ ...group, id: 0 })
    return (await this.db.insert(
      `INSERT INTO job_group (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`,
      COLUMNS.map((c) => row[c]),
    ))!
  }

  /** Records a group's detected protocol generation unless one is known already. */
  async setProtocolGeneration(id: number, generation: string): Promise<void> {
    await this.db.run('UPDATE job_group SET protocol_generation = ? WHERE id = ? AND protocol_generation IS NULL', [generation, id])
  }

  /** Inserts unless a group has the app name already (two nodes creating one group at once). */
  async insertIgnore(group: NewGroup): Promise<void> {
    const row = toRow({ ...group, id: 0 })
    await this.db.run(
      this.db.dialect.insertIgnore('job_group', COLUMNS),
      COLUMNS.map((c) => row[c]),
    )
  }

  async update(group: JobGroup): Promise<void> {
    const row = toRow(group)
    await this.db.run(`UPDATE job_group SET ${COLUMNS.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`, [...COLUMNS.map((c) => row[c]), group.id])
  }

  async setAddressList(id: number, addressList: string, nowMs: number): Promise<void> {
    await this.db.run('UPDATE job_group SET address_list = ?, update_time = ? WHERE id = ?', [addressList, nowMs, id])
  }

  async delete(id: number): Promise<boolean> {
    return (await this.db.run('DELETE FROM job_group WHERE id = ?', [id])) > 0
  }
}

function toRow(group: JobGroup): GroupRow {
  return {
    id: group.id,
    app_name: group.appName,
    name: group.name,
    address_type: group.addressType,
    address_list: group.addressList,
    access_token: group.accessToken,
    protocol_generation: group.protocolGeneration,
    auto_created: group.autoCreated ? 1 : 0,
    scripts_allowed: group.scriptsAllowed ? 1 : 0,
    update_time: group.updateTimeMs,
    max_concurrent: group.maxConcurrent ?? 0,
  }
}

function fromRow(row: GroupRow): JobGroup {
  return {
    id: row.id,
    appName: row.app_name,
    name: row.name,
    addressType: row.address_type === 1 ? 1 : 0,
    addressList: row.address_list,
    accessToken: row.access_token,
    protocolGeneration: (row.protocol_generation as ProtocolGeneration | null) ?? null,
    autoCreated: row.auto_created === 1,
    scriptsAllowed: row.scripts_allowed === 1,
    updateTimeMs: Number(row.update_time),
    // Only when set: a group without a limit reads as it did before limits existed.
    ...(Number(row.max_concurrent ?? 0) > 0 ? { maxConcurrent: Number(row.max_concurrent) } : {}),
  }
}
