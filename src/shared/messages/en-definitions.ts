/**
 * English text of the problems of definition files (`jobdesk apply`, src/main/definitions/files/).
 * A refused apply lists every problem with its file, line and column; each carries one of these codes.
 */
export const enDefinitionMessages = {
  'definitions.refused': '{count} problem(s) in the files, nothing was applied',
  'definitions.scheduleOneOf': 'a schedule has exactly one of cron, fixedRate or businessDays',
  'definitions.sourceAndFile': 'give the script as source or as sourceFile, not both',
  'definitions.sourceFileUnread': 'sourceFile is read by jobdesk apply, which sends its text as source',
  'definitions.notForApproval': "an approval node has no {field}; that is a job node's",
  'definitions.onlyForApproval': '{field} is for an approval node (kind: approval)',
  'definitions.nodeJobRequired': 'a job node names its job (job: name), or is kind: approval',
  'definitions.definedTwice': '{kind} {name} is also defined in {file}',
  'definitions.llmProviderGroupUnknown': "the LLM provider names group '{name}', which is neither on the server nor defined in the files",
  'definitions.childUnknown': "child job '{name}' of group '{group}' is defined in none of the files",
  'definitions.nodeJobUnknown': "job '{name}' of group '{group}' is defined in none of the files",
  'definitions.nodeGroupMissing': "node '{key}' names no group, and its flow has none (group: app name)",
  'definitions.groupUnknown': "executor group '{group}' is neither in the files nor on the server",
  'definitions.scheduleEnabled': 'a job or flow without a schedule runs only when triggered; it cannot be enabled',
  'definitions.inUse': '{kind} {name} is not in the files, but {reason}: it is not pruned until that is gone too',
  'definitions.nameUnknown': "'{name}' is neither a job (app/name or name) nor a flow",
} as const
