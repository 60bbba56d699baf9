import type { JobLink } from '../../../../shared/model'
import type { JobDeskState } from '../state'

export const selectLinks = (s: JobDeskState) => s.links
export const selectChain = (s: JobDeskState) => s.chain

/** A job's child links (it is the parent), in child id order. */
export const selectChildLinks =
  (jobId: number | undefined) =>
  (s: JobDeskState): JobLink[] =>
    jobId === undefined ? [] : s.links.filter((link) => link.parentJobId === jobId).sort((a, b) => a.childJobId - b.childJobId)

/** The links that fire a job (it is the child). */
export const selectParentLinks =
  (jobId: number | undefined) =>
  (s: JobDeskState): JobLink[] =>
    jobId === undefined ? [] : s.links.filter((link) => link.childJobId === jobId).sort((a, b) => a.parentJobId - b.parentJobId)
