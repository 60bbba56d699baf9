import type { GroupInput } from '../../shared/api'
import { conflict, invalidField, notFound } from '../../shared/messages/coded-errors'
import { EMBEDDED_APP_NAME, type JobGroup } from '../../shared/model'
import { groupInputSchema } from '../../shared/schema/group'
import { parseInput } from '../../shared/schema/parse-input'
import type { RepoAccess, Repos } from '../store/store'

/** Executor groups (XXL-JOB's "executors"): validated on save; a group in use is not deleted. */
export class GroupService {
  constructor(
    private readonly store: RepoAccess<'groups' | 'jobs' | 'registry' | 'llmProviders'>,
    private readonly nowMs: () => number,
    /** Recomputes an automatic group's address list from the registry (after it is created or switched to auto). */
    private readonly refreshAddresses: (tx: Pick<Repos, 'groups' | 'registry'>, appName: string) => Promise<void>,
    /** Told after a save: a group's own token is a secret the log redaction must know at once. */
    private readonly tokensChanged: () => Promise<void> = () => Promise.resolve(),
  ) {}

  async save(raw: unknown): Promise<JobGroup> {
    const saved = await this.write(validateGroupInput(raw))
    await this.tokensChanged()
    return saved
  }

  private write(input: ReturnType<typeof validateGroupInput>): Promise<JobGroup> {
    const nowMs = this.nowMs()
    return this.store.transaction(async (tx) => {
      const sameName = await tx.groups.findByAppName(input.appName)
      if (sameName && sameName.id !== input.id) {
        throw invalidField('appName', 'group.appNameTaken', { appName: input.appName, id: sameName.id })
      }
      let id: number
      if (input.id === undefined) {
        if (input.appName === EMBEDDED_APP_NAME) {
          throw invalidField('appName', 'group.reservedName', { appName: EMBEDDED_APP_NAME })
        }
        id = await tx.groups.insert({ ...input, protocolGeneration: null, autoCreated: false, updateTimeMs: nowMs })
      } else {
        const existing = await tx.groups.get(input.id)
        if (!existing) throw notFound('group.notFound', { id: input.id })
        if (existing.appName === EMBEDDED_APP_NAME && input.appName !== EMBEDDED_APP_NAME) {
          throw invalidField('appName', 'group.embeddedName')
        }
        id = existing.id
        await tx.groups.update({
          ...existing,
          ...input,
          // An automatic group's list belongs to the registry; editing it marks the group as seen.
          addressList: input.addressType === 1 ? input.addressList : existing.addressList,
          autoCreated: false,
          updateTimeMs: nowMs,
        })
      }
      if (input.addressType === 0) await this.refreshAddresses(tx, input.appName)
      return (await tx.groups.get(id))!
    })
  }

  async delete(id: number): Promise<void> {
    await this.store.transaction(async (tx) => {
      const group = await tx.groups.get(id)
      if (!group) throw notFound('group.notFound', { id })
      if (group.appName === EMBEDDED_APP_NAME) throw conflict('group.embeddedDelete')
      const used = (await tx.jobs.list()).filter((j) => j.jobGroup === id)
      if (used.length > 0) {
        throw conflict('group.inUse', { appName: group.appName, count: used.length, jobId: used[0].id, jobName: used[0].name })
      }
      // A group's provider goes with it: a new group of the same id never inherits a key's name.
      await tx.llmProviders.delete(id)
      await tx.groups.delete(id)
    })
  }
}

/** Checks a group from the editor or the OpenAPI (the shared schema; the first problem throws). */
export function validateGroupInput(raw: unknown): GroupInput & { scriptsAllowed: boolean } {
  return parseInput(groupInputSchema, raw, 'group')
}
