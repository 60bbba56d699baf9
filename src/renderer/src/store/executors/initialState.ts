import type { RegistryEntry } from '../../../../shared/model'

export interface ExecutorsState {
  /** Every registered executor address with its health (the Executors page will build on this). */
  registry: RegistryEntry[]
  registryLoaded: boolean
}

export const initialExecutorsState: ExecutorsState = { registry: [], registryLoaded: false }
