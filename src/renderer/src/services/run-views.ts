import type { JobDeskApi } from '../../../shared/api'
import { client } from '../api/client'

/* Runs over time, the dashboard's rankings and the Alarms page: read when shown. */

export const listJobRunsOverTime: JobDeskApi['listJobRunsOverTime'] = (...args) => client().listJobRunsOverTime(...args)
export const getJobRankings: JobDeskApi['getJobRankings'] = (...args) => client().getJobRankings(...args)
export const listAlarms: JobDeskApi['listAlarms'] = (...args) => client().listAlarms(...args)
export const resendAlarm: JobDeskApi['resendAlarm'] = (...args) => client().resendAlarm(...args)
