import type { GroupInput } from '../../shared/api'
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors'
import { EMBEDDED_APP_NAME, type JobGroup } from '../../shared/model'
import { groupInputSchema } from '../../shared/schema/group'
import { parseInput } from '../../shared/schema/parse-input'
import type { Store } from '../store/store'

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
      if (sameName && sameName.id !== input.id) {
        throw new ValidationError('appName', `'${input.appName}' is already the app name of group ${sameName.id}`, { code: 'group.appNameTaken', params: { appName: input.appName, id: sameName.id } })
      }
      let id: number
      if (input.id === undefined) {
        if (input.appName === EMBEDDED_APP_NAME) {
          throw new ValidationError('appName', `'${EMBEDDED_APP_NAME}' is reserved for JobDesk's embedded executor`, { code: 'group.reservedName' })
        }
        id = this.store.groups.insert({ ...input, protocolGeneration: null, autoCreated: false, updateTimeMs: nowMs })
      } else {
        const existing = this.store.groups.get(input.id)
        if (!existing) throw new NotFoundError(`executor group ${input.id} does not exist`)
        if (existing.appName === EMBEDDED_APP_NAME && input.appName !== EMBEDDED_APP_NAME) {
          throw new ValidationError('appName', 'the embedded executor\'s group keeps its app name', { code: 'group.embeddedName' })
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

/** Checks a group from the editor or the OpenAPI (the shared schema; the first problem throws). */
export function validateGroupInput(raw: unknown): GroupInput & { scriptsAllowed: boolean } {
  return parseInput(groupInputSchema, raw, 'group')
}
