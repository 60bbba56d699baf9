import type { HandlerCatalog, JobRun, RegistryEntry } from '../../../../shared/model'

export interface ExecutorsState {
  /** Every registered executor address with its health and last beat. */
  registry: RegistryEntry[]
  registryLoaded: boolean
  /** Runs now running per executor address, newest first (read while the Executors page is shown). */
  runningByAddress: Record<string, JobRun[]>
  /** The handlers each group's executors offer, by group id (read when the job editor needs them). */
  handlerCatalogs: Record<number, HandlerCatalog>
}

export const initialExecutorsState: ExecutorsState = { registry: [], registryLoaded: false, runningByAddress: {}, handlerCatalogs: {} }
