import { ADDRESS_TYPE, type JobGroup } from '../../../shared/model'
import type { ExportedGroup } from './export-document'
import { describeValue, isRecord, reportUnknownFields, type ImportProblems } from './import-problems'

export const APP_NAME_MAX_CHARS = 64
export const GROUP_NAME_MAX_CHARS = 100

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

const GROUP_KEYS = new Set(['appName', 'name', 'addressType', 'addressList'])
const GROUP_HINTS = {
  accessToken: 'access tokens are not imported; set the group token in JobDesk',
  id: 'unknown field; groups are matched by appName',
}

/**
 * Matches the document's groups to existing ones by appName: an unknown appName is created, a
 * known one reused, and with 'update' changed to the document's name, address type and (manual
 * groups only) address list when they differ. Problems go to `problems`.
 */
export function planGroups(
  raw: unknown,
  current: readonly JobGroup[],
  onConflict: 'update' | 'skip',
  problems: ImportProblems,
): GroupPlan {
  const plan: GroupPlan = { groupIdByAppName: new Map(), groupsToCreate: [], groupsToUpdate: [] }
  for (const group of current) plan.groupIdByAppName.set(group.appName, group.id)
  if (!Array.isArray(raw)) {
    problems.add('groups', `expected a list of executor groups (may be empty), got ${describeValue(raw)}`)
    return plan
  }
  const byAppName = new Map(current.map((group) => [group.appName, group]))
  const seenAt = new Map<string, number>()
  raw.forEach((item, index) => {
    const path = `groups[${index}]`
    const { appName, group } = readGroup(item, path, problems)
    if (appName === null) return
    const first = seenAt.get(appName)
    if (first !== undefined) {
      problems.add(`${path}.appName`, `'${appName}' is also the appName of groups[${first}]`)
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
  if (!isRecord(item)) {
    problems.add(path, `expected an object with appName, name, addressType and addressList, got ${describeValue(item)}`)
    return { appName: null, group: null }
  }
  const before = problems.list.length
  reportUnknownFields(item, GROUP_KEYS, path, problems, GROUP_HINTS)
  const appName = readAppName(item.appName, `${path}.appName`, problems)
  const name = item.name
  if (typeof name !== 'string' || name.trim() === '') {
    problems.add(`${path}.name`, `expected the group's display name, got ${describeValue(name)}`)
  } else if (name.trim().length > GROUP_NAME_MAX_CHARS) {
    problems.add(`${path}.name`, `is ${name.trim().length} characters long; the limit is ${GROUP_NAME_MAX_CHARS}`)
  }
  const addressType = item.addressType
  if (addressType !== ADDRESS_TYPE.auto && addressType !== ADDRESS_TYPE.manual) {
    problems.add(`${path}.addressType`, `expected 0 (automatic, by executor registration) or 1 (manual), got ${describeValue(addressType)}`)
  }
  const addressList = readAddressList(item.addressList, addressType, `${path}.addressList`, problems)
  if (problems.list.length > before) return { appName, group: null }
  return { appName, group: { appName: appName!, name: (name as string).trim(), addressType: addressType as 0 | 1, addressList } }
}

function readAppName(value: unknown, path: string, problems: ImportProblems): string | null {
  if (typeof value !== 'string' || value.trim() === '') {
    problems.add(path, `expected the executor's app name, got ${describeValue(value)}`)
    return null
  }
  const appName = value.trim()
  if (appName.length > APP_NAME_MAX_CHARS) {
    problems.add(path, `is ${appName.length} characters long; the limit is ${APP_NAME_MAX_CHARS}`)
    return null
  }
  if (/[\s,]/.test(appName)) {
    problems.add(path, `'${appName}' contains a space or comma; app names are single words`)
    return null
  }
  return appName
}

/** Manual groups need at least one http(s) base URL; automatic ones get theirs from registration. */
function readAddressList(value: unknown, addressType: unknown, path: string, problems: ImportProblems): string {
  const text = value ?? ''
  if (typeof text !== 'string') {
    problems.add(path, `expected comma-separated base URLs, got ${describeValue(value)}`)
    return ''
  }
  const addresses = text
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean)
  if (addressType === ADDRESS_TYPE.auto) {
    if (addresses.length > 0) {
      problems.add(path, 'an automatic group gets its addresses from executor registration; leave it empty or set addressType 1')
    }
    return ''
  }
  if (addressType !== ADDRESS_TYPE.manual) return ''
  if (addresses.length === 0) problems.add(path, 'a manual group needs at least one executor address')
  const bad = addresses.find((address) => !isHttpUrl(address))
  if (bad) problems.add(path, `'${bad}' is not an http:// or https:// URL`)
  return addresses.join(',')
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}
