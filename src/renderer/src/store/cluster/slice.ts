import type { ClusterState } from './initialState'

export interface ClusterActions {
  /** Rejects with the core's error; the page shows it beside the last view it had. */
  fetchCluster(): Promise<void>
  /** Admins: replaces the secret the nodes authenticate each other with; says how it went in a toast. */
  rotateClusterSecret(): Promise<void>
}

export type ClusterSlice = ClusterState & ClusterActions
