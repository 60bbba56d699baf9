import { ADDRESS_TYPE, type JobGroup } from '../../../shared/model'
import { appName } from '../../../shared/schema/primitives'
import type { ExportedGroup } from './export-document'
import { isRecord, type ImportProblems } from './import-problems'
import { collectProblems, importedGroupSchema } from './import-schemas'

/** An existing group the import changes to match the document (`onConflict: 'update'`). */
export interface PlannedGroupUpdate extends ExportedGroup {
  id: number
}

export interface GroupPlan {
  /** Every appName a job may use: an existing group's id, or null for a group this import creates. */
  groupIdByAppName: Map<string, number | null>
  groupsToCreate: ExportedGroup[]
  groupsToUpdate: PlannedGroupUpdate[]
}

const GROUP_HINTS = {
  accessToken: 'import.accessTokenField',
  id: 'import.groupIdField',
} as const

/**
 * Matches the document's groups to existing ones by appName: an unknown appName is created, a
 * known one reused, and with 'update' changed to the document's name, address type and (manual
 * groups only) address list when they differ. Problems go to `problems`.
 */
export function planGroups(raw: readonly unknown[], current: readonly JobGroup[], onConflict: 'update' | 'skip', problems: ImportProblems): GroupPlan {
  const plan: GroupPlan = { groupIdByAppName: new Map(), groupsToCreate: [], groupsToUpdate: [] }
  for (const group of current) plan.groupIdByAppName.set(group.appName, group.id)
  const byAppName = new Map(current.map((group) => [group.appName, group]))
  const seenAt = new Map<string, number>()
  raw.forEach((item, index) => {
    const path = `groups[${index}]`
    const { appName, group } = readGroup(item, path, problems)
    if (appName === null) return
    const first = seenAt.get(appName)
    if (first !== undefined) {
      problems.add(`${path}.appName`, 'import.appNameTwice', { appName, first })
      return
    }
    seenAt.set(appName, index)
    const existing = byAppName.get(appName)
    // A group with a bad field still names its appName, so its jobs are not also reported as groupless.
    if (!group) {
      if (!existing) plan.groupIdByAppName.set(appName, null)
      return
    }
    if (!existing) {
      plan.groupsToCreate.push(group)
      plan.groupIdByAppName.set(group.appName, null)
      return
    }
    if (onConflict === 'update' && differs(existing, group)) {
      // An automatic group's addresses belong to the registry: keep the live list.
      const addressList = group.addressType === ADDRESS_TYPE.manual ? group.addressList : existing.addressList
      plan.groupsToUpdate.push({ id: existing.id, ...group, addressList })
    }
  })
  return plan
}

function differs(existing: JobGroup, group: ExportedGroup): boolean {
  if (existing.name !== group.name || existing.addressType !== group.addressType) return true
  return group.addressType === ADDRESS_TYPE.manual && existing.addressList !== group.addressList
}

/** The group when every field is valid, and its appName whenever that alone is valid. */
function readGroup(item: unknown, path: string, problems: ImportProblems): { appName: string | null; group: ExportedGroup | null } {
  const group = collectProblems(importedGroupSchema, item, path, problems, GROUP_HINTS)
  if (group) return { appName: group.appName, group }
  const name = appName.safeParse(isRecord(item) ? item.appName : undefined)
  return { appName: name.success ? name.data : null, group: null }
}
