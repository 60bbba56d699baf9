/**
 * Import and export of job definitions as a versioned JSON document. Pure: the integrator reads the
 * store, calls these, and applies an ImportPlan in one transaction.
 */
export { buildExport, type ExportInput } from './build-export'
export {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  JOB_FIELDS,
  type ExportDocument,
  type ExportedGroup,
  type ExportedJob,
  type ExportedLink,
  type JobFields,
} from './export-document'
export { planImport, type ImportOptions, type ImportPlan, type ImportState } from './plan-import'
export { ImportValidationError } from './import-problems'
export type { PlannedGroupUpdate } from './import-groups'
export type { PlannedJobCreate, PlannedJobUpdate, SkippedJob } from './import-jobs'
export type { JobRef, PlannedLink, SkippedLink } from './import-links'
