/** Messages of alarm silences (src/main/completion/silence-service.ts), by code (see ./index.ts). */
export const enSilenceMessages = {
  'silence.target': 'give a jobId, a groupId or a flowId (one of them)',
  'silence.reasonRequired': 'a silence needs a reason: whoever sees the muted alarms reads it',
  'silence.untilPast': "'until' ({until}) is not in the future",
  'silence.tooLong': 'a silence lasts at most {maxDays} days; disable the job instead',
  'silence.notFound': 'no silence in force has id {id}',
} as const
