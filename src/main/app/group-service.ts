import type { GroupInput } from '../../shared/api'
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors'
import { EMBEDDED_APP_NAME, type JobGroup } from '../../shared/model'
import { splitAddressList } from '../store/group-repo'
import type { Store } from '../store/store'

const APP_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{3,63}$/

/** Executor groups (XXL-JOB's "executors"): validated on save; a group in use is not deleted. */
export class GroupService {
  constructor(
    private readonly store: Store,
    private readonly nowMs: () => number,
    /** Recomputes an automatic group's address list from the registry (after it is created or switched to auto). */
    private readonly refreshAddresses: (appName: string) => void,
  ) {}

  save(raw: unknown): JobGroup {
    const input = validateGroupInput(raw)
    const nowMs = this.nowMs()
    return this.store.transaction(() => {
      const sameName = this.store.groups.findByAppName(input.appName)
      if (sameName && sameName.id !== input.id) throw new ValidationError('appName', `'${input.appName}' is already the app name of group ${sameName.id}`)
      let id: number
      if (input.id === undefined) {
        id = this.store.groups.insert({ ...input, protocolGeneration: null, autoCreated: false, updateTimeMs: nowMs })
      } else {
        const existing = this.store.groups.get(input.id)
        if (!existing) throw new NotFoundError(`executor group ${input.id} does not exist`)
        if (existing.appName === EMBEDDED_APP_NAME && input.appName !== EMBEDDED_APP_NAME) {
          throw new ValidationError('appName', 'the embedded executor\'s group keeps its app name')
        }
        id = existing.id
        this.store.groups.update({
          ...existing,
          ...input,
          // An automatic group's list belongs to the registry; editing it marks the group as seen.
          addressList: input.addressType === 1 ? input.addressList : existing.addressList,
          autoCreated: false,
          updateTimeMs: nowMs,
        })
      }
      if (input.addressType === 0) this.refreshAddresses(input.appName)
      return this.store.groups.get(id)!
    })
  }

  delete(id: number): void {
    this.store.transaction(() => {
      const group = this.store.groups.get(id)
      if (!group) throw new NotFoundError(`executor group ${id} does not exist`)
      if (group.appName === EMBEDDED_APP_NAME) throw new ConflictError('the embedded executor\'s group cannot be deleted')
      const used = this.store.jobs.list().filter((j) => j.jobGroup === id)
      if (used.length > 0) {
        throw new ConflictError(`executor group '${group.appName}' still has ${used.length} job(s) (e.g. ${used[0].id} '${used[0].name}'); move or delete them first`)
      }
      this.store.groups.delete(id)
    })
  }
}

export function validateGroupInput(raw: unknown): GroupInput {
  if (typeof raw !== 'object' || raw === null) throw new ValidationError('group', 'expected an object with the group fields')
  const body = raw as Record<string, unknown>
  const text = (field: string, max: number): string => {
    const value = body[field] ?? ''
    if (typeof value !== 'string') throw new ValidationError(field, `expected text, got ${typeof value}`)
    if (value.trim().length > max) throw new ValidationError(field, `is longer than ${max} characters`)
    return value.trim()
  }
  const id = body.id
  if (id !== undefined && (typeof id !== 'number' || !Number.isInteger(id) || id < 1)) throw new ValidationError('id', 'expected a positive whole number')
  const appName = text('appName', 64)
  if (!APP_NAME.test(appName)) {
    throw new ValidationError('appName', `'${appName}' must be 4-64 characters: letters, digits, '.', '_' or '-', starting with a letter or digit`)
  }
  const name = text('name', 64)
  if (name === '') throw new ValidationError('name', 'is required')
  const addressType = body.addressType
  if (addressType !== 0 && addressType !== 1) throw new ValidationError('addressType', 'expected 0 (automatic registration) or 1 (manual list)')
  const addressList = text('addressList', 2000)
  if (addressType === 1) {
    const addresses = splitAddressList(addressList)
    if (addresses.length === 0) throw new ValidationError('addressList', 'a manual group needs at least one executor address')
    for (const address of addresses) {
      let url: URL
      try {
        url = new URL(address)
      } catch {
        throw new ValidationError('addressList', `'${address}' is not a URL (expected e.g. http://10.0.0.5:9999/)`)
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ValidationError('addressList', `'${address}' must be an http or https URL`)
    }
  }
  const accessToken = text('accessToken', 200)
  return { ...(id !== undefined ? { id: id as number } : {}), appName, name, addressType, addressList: addressType === 1 ? splitAddressList(addressList).join(',') : '', accessToken }
}
