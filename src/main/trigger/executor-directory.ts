import { EMBEDDED_ADDRESS_PREFIX, type JobGroup } from '../../shared/model'
import { failure, type ExecutorApi, type ExecutorReply } from '../executor/executor-api'

/** The embedded executor's address for one JobDesk process (`instance`: letters, digits, '-', '.'). */
export function embeddedAddressOf(instance: string): string {
  return `${EMBEDDED_ADDRESS_PREFIX}${instance}/`
}

export function isEmbeddedAddress(address: string): boolean {
  return address.startsWith(EMBEDDED_ADDRESS_PREFIX)
}

/** Builds the HTTP client for a LAN executor address (with the group's token and protocol generation). */
export type RemoteExecutorFactory = (address: string, group: JobGroup | undefined) => ExecutorApi

/**
 * Resolves an address to the ExecutorApi that reaches it: this process's in-process embedded
 * executor, or an HTTP client for a LAN executor. Routing, registry and completion never see the
 * difference. Another process's embedded executor (two JobDesks on one database) is not reachable
 * from here: routing leaves it out.
 */
export class ExecutorDirectory {
  constructor(
    private readonly embedded: ExecutorApi | null,
    /** This process's embedded address (registered only while `embedded` runs). */
    readonly embeddedAddress: string,
    private readonly remote: RemoteExecutorFactory | null,
    /** Where another node of the cluster serves its embedded executor over HTTP, if it does. */
    private readonly peerUrl: (embeddedAddress: string) => string | null = () => null,
  ) {}

  /** Whether this process can call `address` (another process's embedded executor only through its node's URL). */
  canReach(address: string): boolean {
    return !isEmbeddedAddress(address) || address === this.embeddedAddress || this.peerUrl(address) !== null
  }

  /**
   * `addresses` with this node's own embedded executor first, if it is among them: the embedded
   * executors of a cluster's nodes are alike, and the local one needs no hop over the network —
   * so FIRST on the embedded group runs where it fired instead of piling every node's runs on one.
   */
  localFirst(addresses: readonly string[]): string[] {
    const own = addresses.indexOf(this.embeddedAddress)
    return own <= 0 ? [...addresses] : [this.embeddedAddress, ...addresses.slice(0, own), ...addresses.slice(own + 1)]
  }

  forAddress(address: string, group: JobGroup | undefined): ExecutorApi {
    if (address === this.embeddedAddress) return this.embedded ?? unreachable('the embedded executor is not running')
    if (isEmbeddedAddress(address)) {
      const url = this.peerUrl(address)
      if (url && this.remote) return this.remote(url, group)
      return unreachable(`${address} is the embedded executor of another JobDesk process, which does not say where it listens; only that process can reach it`)
    }
    if (this.remote) return this.remote(address, group)
    return unreachable(`no HTTP client is configured to reach ${address}`)
  }
}

function unreachable(reason: string): ExecutorApi {
  const reply = async <T>(): Promise<ExecutorReply<T>> => failure(reason) as ExecutorReply<T>
  return { beat: reply, idleBeat: reply, run: reply, kill: reply, log: reply }
}
