/** Messages of runs over time and the alarm list (src/shared/schema/run-views.ts), by code (see ./index.ts). */
export const enRunViewMessages = {
  'runsOverTime.target': 'give a jobId or a flowId (one of them)',
  'alarms.backwards': "'to' must be after 'from'",
  'alarms.tooLong': 'one read covers at most {max} days',
  'alarms.notFound': 'no alarm has id {id}',
  'alarms.runGone': 'run {logId} of this alarm is no longer kept: there is nothing to send again',
} as const
