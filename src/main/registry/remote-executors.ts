import type { JobGroup, ProtocolGeneration } from '../../shared/model'
import type { ExecutorApi } from '../executor/executor-api'
import { createExecutorClient, type ExecutorClient, type ExecutorClientOptions } from '../net/executor-client'
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
 *
 * The group a trigger brings may be a cached copy read before the generation was stored. Each
 * group's generation is therefore stored once per process and remembered here: from then on its
 * clients are made with it and observe no replies (detection re-reads every kept reply), and no
 * trigger reads the group again. At thousands of triggers a second both were measurable (B4).
 */
export class RemoteExecutors {
  private readonly clients = new Map<string, ExecutorClient>()
  /** Generations this process stored or found stored, by group id; a stored generation never changes. */
  private readonly known = new Map<number, ProtocolGeneration>()

  constructor(
    private readonly groups: Pick<GroupRepo, 'get' | 'setProtocolGeneration'>,
    private readonly globalToken: () => string,
    private readonly createClient: (options: ExecutorClientOptions) => ExecutorClient = createExecutorClient,
  ) {}

  forAddress(address: string, group: JobGroup | undefined, withToken: boolean): ExecutorApi {
    const token = withToken ? group?.accessToken || this.globalToken() : ''
    const generation = group ? (group.protocolGeneration ?? this.known.get(group.id) ?? null) : null
    const prefix = `${address}\n${group?.id ?? 0}\n${token}\n`
    const key = prefix + (generation ?? '')
    let client = this.clients.get(key)
    if (!client) {
      client = this.createClient({ address, accessToken: token, appName: group?.appName ?? '', generation })
      // The client that was still detecting is not asked again once the generation is known.
      if (generation !== null) this.clients.delete(prefix)
      if (this.clients.size >= MAX_CLIENTS) this.clients.delete(this.clients.keys().next().value!)
      this.clients.set(key, client)
    }
    return group && generation === null ? this.noticing(client, group) : client
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

  /**
   * Stores a detected generation on its group unless one is stored already (another node may have
   * been first), then keeps what the group has. Best effort: after a failed write the next reply
   * tries again.
   */
  private async remember(group: JobGroup, generation: ProtocolGeneration | null): Promise<void> {
    if (generation === null || this.known.has(group.id)) return
    this.known.set(group.id, generation)
    try {
      await this.groups.setProtocolGeneration(group.id, generation)
      const stored = (await this.groups.get(group.id))?.protocolGeneration
      if (stored) this.known.set(group.id, stored)
    } catch {
      // The database is away or closing.
      this.known.delete(group.id)
    }
  }
}
