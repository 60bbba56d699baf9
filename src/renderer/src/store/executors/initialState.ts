import type { JobRun, RegistryEntry } from '../../../../shared/model'

export interface ExecutorsState {
  /** Every registered executor address with its health and last beat. */
  registry: RegistryEntry[]
  registryLoaded: boolean
  /** Runs now running per executor address, newest first (read while the Executors page is shown). */
  runningByAddress: Record<string, JobRun[]>
}

export const initialExecutorsState: ExecutorsState = { registry: [], registryLoaded: false, runningByAddress: {} }
