import type { JobDeskApi } from '../../../shared/api'
import { client } from '../api/client'

/** One flow as saved, for its editor (which holds the draft itself). */
export const getFlow: JobDeskApi['getFlow'] = (...args) => client().getFlow(...args)

/** One job run of a flow node, read when the run view draws a retried node's tries. */
export const getNodeRun: JobDeskApi['getRun'] = (...args) => client().getRun(...args)
