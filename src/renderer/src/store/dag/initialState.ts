import type { JobLink } from '../../../../shared/model'
import type { RunChain } from '../../lib/runs/run-chain'

export interface DagState {
  /** Every child link (parent job → child job, with its condition). */
  links: JobLink[]
  linksLoaded: boolean
  /** A chain run shown end to end in the DAG (kept current by pushed runs); null when none. */
  chain: RunChain | null
  /** The chain is being read. */
  chainLoading: boolean
}

export const initialDagState: DagState = { links: [], linksLoaded: false, chain: null, chainLoading: false }
