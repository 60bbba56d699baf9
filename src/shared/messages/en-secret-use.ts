/**
 * Messages of using secrets: a run's `${secrets.NAME}` references put in at trigger time
 * (src/main/trigger/secret-request.ts) and the override a secret refuses, by code (see ./index.ts).
 */
export const enSecretUseMessages = {
  'triggerResult.secretToUnregistered':
    'failed — the run names a secret, and {address} is not registered in its group: a secret goes only to the group’s own executors (Trigger Fail)',
  'triggerResult.secretMissing': 'failed — no secret named {names} is set for this group or globally (Trigger Fail)',
  'triggerResult.secretPlacement':
    'failed — the secret reference {ref} at character {offset} stands where a value would make structure or choose where the request goes (Trigger Fail)',
  'secret.overrideRefused':
    'the run names a secret, and {addresses} is not registered in the job’s group: a secret goes only to the group’s own executors, never to an address a caller chose',
  'flow.valueNamesSecret':
    'node {node}: the value put in for {ref} at character {offset} holds ${secrets.…}; a value passed on never brings a secret along, so the node is not sent',
  'hook.paramNamesSecret': 'the param holds ${secrets.…}: a trigger URL passes data, never a reference to a secret',
} as const
