import type { JobGroup, ProtocolGeneration } from '../../shared/model'
import type { Db } from './open-database'

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
}

export type NewGroup = Omit<JobGroup, 'id'>

export class GroupRepo {
  private readonly byId
  private readonly byAppName
  private readonly all
  private readonly insertStmt
  private readonly updateStmt
  private readonly addressStmt
  private readonly deleteStmt

  constructor(db: Db) {
    this.byId = db.prepare<[number], GroupRow>('SELECT * FROM job_group WHERE id = ?')
    this.byAppName = db.prepare<[string], GroupRow>('SELECT * FROM job_group WHERE app_name = ?')
    this.all = db.prepare<[], GroupRow>('SELECT * FROM job_group ORDER BY app_name')
    this.insertStmt = db.prepare(
      `INSERT INTO job_group (app_name, name, address_type, address_list, access_token, protocol_generation, auto_created, scripts_allowed, update_time)
       VALUES (@app_name, @name, @address_type, @address_list, @access_token, @protocol_generation, @auto_created, @scripts_allowed, @update_time)`,
    )
    this.updateStmt = db.prepare(
      `UPDATE job_group SET app_name = @app_name, name = @name, address_type = @address_type, address_list = @address_list,
              access_token = @access_token, protocol_generation = @protocol_generation, auto_created = @auto_created,
              scripts_allowed = @scripts_allowed, update_time = @update_time
        WHERE id = @id`,
    )
    this.addressStmt = db.prepare<[string, number, number]>(
      'UPDATE job_group SET address_list = ?, update_time = ? WHERE id = ?',
    )
    this.deleteStmt = db.prepare<[number]>('DELETE FROM job_group WHERE id = ?')
  }

  get(id: number): JobGroup | undefined {
    const row = this.byId.get(id)
    return row && fromRow(row)
  }

  findByAppName(appName: string): JobGroup | undefined {
    const row = this.byAppName.get(appName)
    return row && fromRow(row)
  }

  list(): JobGroup[] {
    return this.all.all().map(fromRow)
  }

  insert(group: NewGroup): number {
    const { id: _id, ...row } = toRow({ ...group, id: 0 })
    return Number(this.insertStmt.run(row).lastInsertRowid)
  }

  update(group: JobGroup): void {
    this.updateStmt.run(toRow(group))
  }

  setAddressList(id: number, addressList: string, nowMs: number): void {
    this.addressStmt.run(addressList, nowMs, id)
  }

  delete(id: number): boolean {
    return this.deleteStmt.run(id).changes > 0
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
    updateTimeMs: row.update_time,
  }
}

/** A group's address list as routing sees it: split on commas, blanks dropped, order kept. */
export function splitAddressList(addressList: string): string[] {
  return addressList
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a.length > 0)
}
