/**
 * Messages of maintenance windows, pause-all and missed slots (src/main/calendars/window-service.ts,
 * maintenance-service.ts, the `kind: Window` files), by code (see ./index.ts). The window schema's
 * own messages (window.timing …) are with the calendars' in ./en-calendars.ts.
 */
export const enWindowMessages = {
  'window.exists': "a window named '{name}' exists already",
  'window.notFound': 'no window has id {id}',
  'window.timezone': "'{zone}' is not an IANA time zone",
  'window.cronNoFire': "the cron '{expression}' never opens the window after {from}",
  'window.groupsMissing': 'the window names groups that do not exist: {ids}',
  'window.jobsMissing': 'the window names jobs that do not exist: {ids}',
  'window.flowsMissing': 'the window names flows that do not exist: {ids}',
  'maintenance.reasonRequired': 'switching pause-all on needs a reason: every console shows it',
  'missedSlots.target': 'give a jobId or a flowId (one of them)',
  'missedSlots.backwards': "'to' is not after 'from'",
  'missedSlots.tooLong': 'one read covers at most {max} days',
  'definitions.windowJobRef': "'{got}' does not name a job: write group/name (the group's app name, a slash, the job's name)",
  'definitions.windowGroupUnknown': "no group '{name}' is on the server or in the files",
  'definitions.windowJobUnknown': "no job '{name}' of group '{group}' is on the server or in the files",
  'definitions.windowFlowUnknown': "no flow '{name}' is on the server or in the files",
} as const
