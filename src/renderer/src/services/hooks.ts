import type { JobDeskApi } from '../../../shared/api'
import { client } from '../api/client'

/* A job's or a flow's trigger URLs: the section that shows them holds the list itself. */

export const listHooks: JobDeskApi['listHooks'] = (...args) => client().listHooks(...args)
export const createHook: JobDeskApi['createHook'] = (...args) => client().createHook(...args)
export const removeHook: JobDeskApi['removeHook'] = (...args) => client().removeHook(...args)
