import type { RegistryEntry } from '../../../../shared/model'

export interface ExecutorsState {
  /** Every registered executor address with its health and last beat. */
  registry: RegistryEntry[]
  registryLoaded: boolean
  /** Runs now running per executor address (read while the Executors page is shown). */
  runningByAddress: Record<string, number>
}

export const initialExecutorsState: ExecutorsState = { registry: [], registryLoaded: false, runningByAddress: {} }
