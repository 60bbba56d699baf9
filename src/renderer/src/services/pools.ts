import type { JobDeskApi } from '../../../shared/api'
import { client } from '../api/client'

/* Resource pools and the queue (docs/capacity.md): the Queue page and the dashboard's pool usage read them. */

export const listPools: JobDeskApi['listPools'] = (...args) => client().listPools(...args)
export const addPool: JobDeskApi['addPool'] = (...args) => client().addPool(...args)
export const updatePool: JobDeskApi['updatePool'] = (...args) => client().updatePool(...args)
export const removePool: JobDeskApi['removePool'] = (...args) => client().removePool(...args)
export const listQueue: JobDeskApi['listQueue'] = (...args) => client().listQueue(...args)
export const cancelQueued: JobDeskApi['cancelQueued'] = (...args) => client().cancelQueued(...args)
export const startQueuedNow: JobDeskApi['startQueuedNow'] = (...args) => client().startQueuedNow(...args)
