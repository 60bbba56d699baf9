import type { JobDeskApi } from '../../../shared/api'
import { client } from '../api/client'

/** The audit rows a filter selects, as a file's text (the page offers it as a download). */
export const exportAudit: JobDeskApi['exportAudit'] = (...args) => client().exportAudit(...args)
