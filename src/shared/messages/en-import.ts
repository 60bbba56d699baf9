/**
 * English text of an import's problems and notes (src/main/definitions/import-export/). A refused import
 * lists every problem with its path in the document; each carries one of these codes.
 */
export const enImportMessages = {
  'import.refused': '{count} problem(s), nothing was imported',
  'import.appNameTwice': "'{appName}' is also the appName of groups[{first}]",
  'import.keyTwice': "'{key}' is also the key of jobs[{first}]",
  'import.groupUnknown': "executor group '{appName}' is neither in this file nor in JobDesk",
  'import.noneEnabled': 'a job with schedule type NONE runs only when triggered; it cannot be enabled',
  'import.sameName': "jobs[{first}] has the same name in '{appName}'; jobs are matched by group and name",
  'import.ambiguousName': "JobDesk has {count} jobs named '{name}' in '{appName}' (ids {ids}); rename all but one so the import knows which to match",
  'import.linkTwice': "links[{first}] already links '{parentKey}' → '{childKey}'",
  'import.keyMissing': "job key '{key}' is not in this file",
  'import.selfLink': "job key '{key}' links to itself; a job cannot be its own child",
  'import.savedCycle': "JobDesk's saved links already form the cycle {path}; remove one of them before importing links",
  'import.cycle': 'these links would close the cycle {path}',
  'import.idField': 'unknown field; jobs are matched by appName and name, and links name them by key',
  'import.accessTokenField': 'access tokens are not imported; set the group token in JobDesk',
  'import.groupIdField': 'unknown field; groups are matched by appName',
  'import.jobGroupField': 'unknown field; a job names its group by appName',
  'import.addressType': 'must be 0 (automatic, by executor registration) or 1 (manual), got {got}',
  'import.autoWithAddresses': 'an automatic group gets its addresses from executor registration; leave it empty or set addressType 1',
  'import.jobSkipped': "job '{name}' ({appName}) skipped: job {id} '{name}' already exists in '{appName}'",
  'import.linkSkipped': "link {parentKey} → {childKey} skipped: parent job {id} is skipped, and a job's links are part of its definition",
  'import.flowsInVersionOne': 'flows came with version 2 of the format; a version 1 file has none (set version 2 to import them)',
  'import.flowIdField': 'unknown field; flows are matched by name',
  'import.flowJobIdField': "unknown field; a flow's job node names its job by jobKey, the key of a job in this file",
  'import.flowJobKeyMissing': "node '{node}' of flow '{flow}' runs job key '{key}', which is not in this file",
  'import.flowNameTwice': "flows[{first}] is also named '{name}'; flows are matched by name",
  'import.flowSkipped': "flow '{name}' skipped: flow {id} '{name}' already exists",
} as const
