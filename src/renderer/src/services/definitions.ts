import type { JobDeskApi } from '../../../shared/api'
import { client } from '../api/client'

/** The saved definitions as documents (copied as YAML from an origin badge). */
export const exportDefinitions: JobDeskApi['exportDefinitions'] = (...args) => client().exportDefinitions(...args)
