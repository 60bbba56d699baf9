import type { JobGroup, ProtocolGeneration } from '../../shared/model'
import type { ExecutorApi } from '../executor/executor-api'
import { createExecutorClient, type ExecutorClient } from '../net/executor-client'
import type { GroupRepo } from '../store/group-repo'

/** Clients kept; one per (address, group) that routing has used recently. */
const MAX_CLIENTS = 1000

/**
 * HTTP clients for LAN executors, one per (address, group, token): the group's own token when it
 * has one (G3), else the global token — or none, for an address that is not the group's by right
 * (ExecutorDirectory decides); the group's protocol generation when known. A client that detects
 * the generation from the replies (a G1 success has no msg, G2 says "Success", a G3 executor
 * insists on the app name) has it stored on the group, so the UI shows it and later clients start
 * with it.
 */
export class RemoteExecutors {
  private readonly clients = new Map<string, ExecutorClient>()

  constructor(
    private readonly groups: GroupRepo,
    private readonly globalToken: () => string,
  ) {}

  forAddress(address: string, group: JobGroup | undefined, withToken: boolean): ExecutorApi {
    const token = withToken ? group?.accessToken || this.globalToken() : ''
    const key = `${address}\n${group?.id ?? 0}\n${token}`
    let client = this.clients.get(key)
    if (!client) {
      client = createExecutorClient({
        address,
        accessToken: token,
        appName: group?.appName ?? '',
        generation: group?.protocolGeneration ?? null,
      })
      if (this.clients.size >= MAX_CLIENTS) this.clients.delete(this.clients.keys().next().value!)
      this.clients.set(key, client)
    }
    return group && group.protocolGeneration === null ? this.noticing(client, group) : client
  }

  private noticing(client: ExecutorClient, group: JobGroup): ExecutorApi {
    const note = <T>(reply: T): T => {
      void this.remember(group, client.generation)
      return reply
    }
    return {
      beat: () => client.beat().then(note),
      idleBeat: (jobId) => client.idleBeat(jobId).then(note),
      run: (param) => client.run(param).then(note),
      kill: (jobId) => client.kill(jobId).then(note),
      log: (request) => client.log(request).then(note),
    }
  }

  /** Stores a detected generation on its group (best effort: a failed write is detected again next time). */
  private async remember(group: JobGroup, generation: ProtocolGeneration | null): Promise<void> {
    if (generation === null) return
    try {
      const current = await this.groups.get(group.id)
      if (current && current.protocolGeneration === null) await this.groups.setProtocolGeneration(group.id, generation)
    } catch {
      // The database is away or closing; the next client of this group detects it again.
    }
  }
}
