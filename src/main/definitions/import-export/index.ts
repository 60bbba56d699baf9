/**
 * Import and export of job definitions and flows as a versioned JSON document. Pure: the integrator reads the
 * store, calls these, and applies an ImportPlan in one transaction.
 */
export { buildExport } from './build-export'
export { EXPORT_FORMAT, EXPORT_VERSION, type ExportDocument, type ExportedGroup, type ExportedJob } from './export-document'
export type { PlannedFlow } from './import-flows'
export { planImport, type ImportPlan, type ImportState } from './plan-import'
export { ImportValidationError } from './import-problems'
