import { client } from '../../api/client'
import { notifyError, notifySuccess } from '../../kit/notify'
import type { SliceCreator } from '../state'
import { initialClusterState } from './initialState'
import type { ClusterSlice } from './slice'

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
