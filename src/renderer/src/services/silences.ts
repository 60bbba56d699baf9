import type { JobDeskApi } from '../../../shared/api'
import { client } from '../api/client'

/* Alarm silences: the dashboard's Silences section and a job's "silenced" mark read them when shown. */

export const listSilences: JobDeskApi['listSilences'] = (...args) => client().listSilences(...args)
export const addSilence: JobDeskApi['addSilence'] = (...args) => client().addSilence(...args)
export const removeSilence: JobDeskApi['removeSilence'] = (...args) => client().removeSilence(...args)
