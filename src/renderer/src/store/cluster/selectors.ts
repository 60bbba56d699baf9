import type { JobDeskState } from '../state'

export const selectCluster = (s: JobDeskState) => s.cluster
