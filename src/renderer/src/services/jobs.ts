import type { JobDeskApi } from '../../../shared/api'
import { client } from '../api/client'

/*
 * One-off calls about jobs whose answers the store does not keep: a page asks, shows the answer and
 * forgets it (a picker's search, a preview, an export). Each passes its arguments on untouched.
 */

export const listJobPage: JobDeskApi['listJobPage'] = (...args) => client().listJobPage(...args)
export const previewRoute: JobDeskApi['previewRoute'] = (...args) => client().previewRoute(...args)
export const previewSchedule: JobDeskApi['previewSchedule'] = (...args) => client().previewSchedule(...args)
export const listGlueVersions: JobDeskApi['listGlueVersions'] = (...args) => client().listGlueVersions(...args)
export const exportJobs: JobDeskApi['exportJobs'] = (...args) => client().exportJobs(...args)
