import { JOB_DEFINITION_FIELDS } from '../../../shared/job-defaults'
import type { JobInput, LinkCondition } from '../../../shared/model'

/** The `format` tag of a JobDesk job export. */
export const EXPORT_FORMAT = 'jobdesk.jobs'
/** The newest document version this build writes and reads. Bump it when a field is added or changes meaning. */
export const EXPORT_VERSION = 1

/** A job's definition without its id and group id: what an export carries and an import sets. */
export type JobFields = Omit<JobInput, 'id' | 'jobGroup'>

/** Every field of {@link JobFields}, in the order an export writes them. */
export const JOB_FIELDS = JOB_DEFINITION_FIELDS

/**
 * An executor group as exported: identified by `appName` (ids differ between installs). No access
 * token and no detected protocol generation; for an automatic group (`addressType` 0) the address
 * list is the registry's and is exported empty.
 */
export interface ExportedGroup {
  appName: string
  name: string
  addressType: 0 | 1
  addressList: string
}

/**
 * A job as exported: every field an operator sets, its group by `appName`, a `key` unique in the
 * document that links refer to (the source job id as text), and whether it was started. Runtime
 * state (last/next fire times, add/update times) is not exported; an import recomputes it.
 */
export interface ExportedJob extends JobFields {
  key: string
  appName: string
  enabled: boolean
}

/** A child-job link between two jobs of the same document, by their keys. */
export interface ExportedLink {
  parentKey: string
  childKey: string
  condition: LinkCondition
}

/** A versioned JSON document of job definitions (`JSON.stringify` it as is). */
export interface ExportDocument {
  format: typeof EXPORT_FORMAT
  version: typeof EXPORT_VERSION
  exportedAtMs: number
  groups: ExportedGroup[]
  jobs: ExportedJob[]
  links: ExportedLink[]
}
