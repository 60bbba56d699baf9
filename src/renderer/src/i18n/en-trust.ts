/** English text of the trust settings: the two tokens, scripts on this machine, a group's script right. */
export const enTrust = {
  'settings.section.apiToken': 'Job OpenAPI token',
  'settings.apiTokenHint':
    'Scripts and other systems manage jobs through /api/addJob, /api/triggerJob … with this token in XXL-JOB-ACCESS-TOKEN. It cannot register executors, and the executor token cannot manage jobs.',
  'settings.apiToken': 'API token',
  'settings.regenerateApiTitle': 'Replace the API token?',
  'settings.regenerateApiBody': 'Scripts that still use the old token are refused until they use the new one.',
  'settings.apiTokenRegenerated': 'A new API token is in use',
  'settings.tokenFromFlag': 'Set on the command line ({flag}); change it there.',
  'settings.acceptExecutorToken': 'Let the executor token call the OpenAPI too (XXL-JOB 3.5 does)',
  'settings.acceptExecutorTokenHint':
    'Only for scripts written against XXL-JOB 3.5. Every executor machine holds that token, so with this on any of them can create and trigger jobs.',
  'settings.section.scripts': 'Script jobs on this machine',
  'settings.embeddedScripts': 'Run script (GLUE) jobs on the embedded executor',
  'settings.embeddedScriptsHint':
    'Shell, Python, Node, PHP and PowerShell jobs of the embedded group run on this machine as the user running JobDesk. Off: they are refused with a message saying how to turn them on.',
  'settings.embeddedScriptsForced': 'On for this run: JobDesk was started with --enable-scripts.',
  'executors.scriptsAllowed': "The group's own token may set script code",
  'executors.scriptsAllowedHint':
    "Through the OpenAPI, a group token may give this group's jobs a script (GLUE) type or source only when this is on. The API token and this console always may.",
  'editor.handlerKnownHint': "The executor handler name (BEAN jobs); this group's executors offer the names listed.",
  'editor.handlerUnknown': 'No executor of this group offers a handler named \'{name}\' (yet): runs will fail with "job handler not found" until one does.',
  'editor.groovyHint': "GLUE_GROOVY runs only on Java executors (xxl-job-core); this group's executors are JobDesk's own and cannot compile it.",
} satisfies Record<string, string>
