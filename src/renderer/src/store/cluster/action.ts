import { client } from '../../api/client'
import { notifyError, notifySuccess } from '../../kit/notify'
import type { SliceCreator } from '../state'
import { initialClusterState, type ClusterState } from './initialState'

export interface ClusterActions {
  /** Rejects with the core's error; the page shows it beside the last view it had. */
  fetchCluster(): Promise<void>
  /** Admins: replaces the secret the nodes authenticate each other with; says how it went in a toast. */
  rotateClusterSecret(): Promise<void>
}

export type ClusterSlice = ClusterState & ClusterActions

export const createClusterSlice: SliceCreator<ClusterSlice> = (set, get) => ({
  ...initialClusterState,

  async fetchCluster() {
    set({ cluster: await client().getCluster() })
  },

  async rotateClusterSecret() {
    const language = get().preferences.language
    try {
      set({ cluster: await client().rotateClusterSecret() })
      notifySuccess(language, 'cluster.rotated')
    } catch (error) {
      notifyError(language, 'cluster.rotateFailed', error)
    }
  },
})
