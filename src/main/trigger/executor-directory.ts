import type { JobGroup, JobRun } from '../../shared/model'
import { isEmbeddedAddress } from '../domain/embedded-address'
import { failure, type ExecutorApi, type ExecutorReply } from '../executor/executor-api'

/**
 * Builds the HTTP client for a LAN executor address: with the group's own token (else the global
 * executor token) when `withToken`, with none otherwise; and the group's protocol generation.
 */
export type RemoteExecutorFactory = (address: string, group: JobGroup | undefined, withToken: boolean) => ExecutorApi

export interface ExecutorDirectoryOptions {
  /** This process's embedded executor (null when it runs none). */
  embedded: ExecutorApi | null
  /** Its address (registered only while `embedded` runs). */
  embeddedAddress: string
  remote: RemoteExecutorFactory | null
  /** Another node's embedded executor over the node route (with the cluster secret), or null where none serves it. */
  peer?: (embeddedAddress: string) => ExecutorApi | null
  /** The addresses that hold `group`'s secret by right (registry/entitled-addresses.ts). */
  entitled?: (group: JobGroup | undefined) => Promise<ReadonlySet<string>>
}

/**
 * Resolves an address to the ExecutorApi that reaches it: this process's in-process embedded
 * executor, another node's over the node route, or an HTTP client for a LAN executor. Routing,
 * registry and completion never see the difference. A secret travels only to an address that holds
 * it by right: a LAN executor gets its group's token only at an address registered in (or
 * configured for) that group, and nothing anywhere else.
 */
export class ExecutorDirectory {
  readonly embeddedAddress: string

  constructor(private readonly options: ExecutorDirectoryOptions) {
    this.embeddedAddress = options.embeddedAddress
  }

  /** Whether this process can call `address` (another process's embedded executor only over the node route). */
  canReach(address: string): boolean {
    return !isEmbeddedAddress(address) || address === this.embeddedAddress || this.options.peer?.(address) != null
  }

  /**
   * `addresses` with this node's own embedded executor first, if it is among them: the embedded
   * executors of a cluster's nodes are alike, and the local one needs no hop over the network —
   * so FIRST on the embedded group runs where it fired instead of piling every node's runs on one.
   */
  localFirst(addresses: readonly string[]): readonly string[] {
    const own = addresses.indexOf(this.embeddedAddress)
    return own <= 0 ? addresses : [this.embeddedAddress, ...addresses.slice(0, own), ...addresses.slice(own + 1)]
  }

  /** Whether `address` holds `group`'s secret by right (an embedded executor needs none: it is reached in-process or by the cluster secret). */
  async entitled(address: string, group: JobGroup | undefined): Promise<boolean> {
    if (isEmbeddedAddress(address)) return true
    return (await this.options.entitled?.(group))?.has(address) ?? false
  }

  /** The executor at `address` for `group`, with the group's token only where `address` is the group's. */
  async reach(address: string, group: JobGroup | undefined): Promise<{ executor: ExecutorApi; withToken: boolean }> {
    const withToken = await this.entitled(address, group)
    return { executor: this.forAddress(address, group, withToken), withToken }
  }

  /**
   * The executor a run went to, for calls about that run (its log, a kill): with the group's token
   * where the run was sent with it — the address was the group's then, and may have left since
   * (an agent that stopped gracefully deregisters before its last log is pulled) — or where the
   * address is the group's now.
   */
  async reachRun(run: Pick<JobRun, 'executorAddress' | 'triggerTrail'>, group: JobGroup | undefined): Promise<ExecutorApi> {
    const route = run.triggerTrail?.route
    const sentWithToken = route !== null && route !== undefined && route.chosen === run.executorAddress && !route.tokenless?.includes(run.executorAddress)
    const withToken = sentWithToken || (await this.entitled(run.executorAddress, group))
    return this.forAddress(run.executorAddress, group, withToken)
  }

  /** The executor at `address`; `withToken`: the caller knows the address is the group's (its routed list). */
  forAddress(address: string, group: JobGroup | undefined, withToken: boolean): ExecutorApi {
    const { embedded, remote, peer } = this.options
    if (address === this.embeddedAddress) return embedded ?? unreachable('the embedded executor is not running')
    if (isEmbeddedAddress(address)) {
      return (
        peer?.(address) ??
        unreachable(`${address} is the embedded executor of another JobDesk process, which does not serve it to this one; only that process can reach it`)
      )
    }
    if (remote) return remote(address, group, withToken)
    return unreachable(`no HTTP client is configured to reach ${address}`)
  }
}

function unreachable(reason: string): ExecutorApi {
  const reply = async <T>(): Promise<ExecutorReply<T>> => failure(reason) as ExecutorReply<T>
  return { beat: reply, idleBeat: reply, run: reply, kill: reply, log: reply }
}
