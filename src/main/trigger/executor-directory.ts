import type { JobGroup } from '../../shared/model'
import { failure, type ExecutorApi, type ExecutorReply } from '../executor/executor-api'

/** The address the embedded executor registers under; it is reached in-process, never over HTTP. */
export const EMBEDDED_ADDRESS = 'jobdesk://embedded/'

/** Builds the HTTP client for a LAN executor address (with the group's token and protocol generation). */
export type RemoteExecutorFactory = (address: string, group: JobGroup | undefined) => ExecutorApi

/**
 * Resolves an address to the ExecutorApi that reaches it: the in-process embedded executor, or an
 * HTTP client for a LAN executor. Routing, registry and completion never see the difference.
 */
export class ExecutorDirectory {
  constructor(
    private readonly embedded: ExecutorApi | null,
    private readonly remote: RemoteExecutorFactory | null,
  ) {}

  forAddress(address: string, group: JobGroup | undefined): ExecutorApi {
    if (address === EMBEDDED_ADDRESS) return this.embedded ?? unreachable('the embedded executor is not running')
    if (this.remote) return this.remote(address, group)
    return unreachable(`no HTTP client is configured to reach ${address}`)
  }
}

function unreachable(reason: string): ExecutorApi {
  const reply = async <T>(): Promise<ExecutorReply<T>> => failure(reason) as ExecutorReply<T>
  return { beat: reply, idleBeat: reply, run: reply, kill: reply, log: reply }
}
