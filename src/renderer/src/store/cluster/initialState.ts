import type { ClusterView } from '../../../../shared/api'

export interface ClusterState {
  /** The nodes as last read (the Cluster page re-reads every second while shown); null before. */
  cluster: ClusterView | null
}

export const initialClusterState: ClusterState = { cluster: null }
