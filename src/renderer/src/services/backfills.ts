import type { JobDeskApi } from '../../../shared/api'
import { client } from '../api/client'

/* Backfills: the Backfill dialog of a job or a flow starts, follows and steers them. */

export const startBackfill: JobDeskApi['startBackfill'] = (...args) => client().startBackfill(...args)
export const getBackfill: JobDeskApi['getBackfill'] = (...args) => client().getBackfill(...args)
export const listBackfills: JobDeskApi['listBackfills'] = (...args) => client().listBackfills(...args)
export const pauseBackfill: JobDeskApi['pauseBackfill'] = (...args) => client().pauseBackfill(...args)
export const resumeBackfill: JobDeskApi['resumeBackfill'] = (...args) => client().resumeBackfill(...args)
export const cancelBackfill: JobDeskApi['cancelBackfill'] = (...args) => client().cancelBackfill(...args)
