import type { JobDeskApi } from '../../../shared/api'
import { client } from '../api/client'

/* Maintenance windows and missed slots: the Calendars page's windows and a job's "Not fired" list read them when shown. */

export const listWindows: JobDeskApi['listWindows'] = (...args) => client().listWindows(...args)
export const addWindow: JobDeskApi['addWindow'] = (...args) => client().addWindow(...args)
export const updateWindow: JobDeskApi['updateWindow'] = (...args) => client().updateWindow(...args)
export const removeWindow: JobDeskApi['removeWindow'] = (...args) => client().removeWindow(...args)
export const listMissedSlots: JobDeskApi['listMissedSlots'] = (...args) => client().listMissedSlots(...args)
